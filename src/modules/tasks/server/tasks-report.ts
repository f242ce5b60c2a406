// The tasks on /reports and /calendar. Reports: HR and H&S tasks due in the range, done on time,
// done late, overdue and not yet due, by assignee, department or month. Calendar: the viewer's own
// tasks by due day, and the tasks of the departments they filter on when their scope reaches them.
import type { CalendarSource } from '../../../server/calendar/calendar-source';
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { chosenGroup, groupedResult, type ReportGroup } from '../../../server/reports/grouped-report';
import { round } from '../../../server/reports/report-figures';
import { levelFor, scopeRank } from '../../../shared/scopes';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import type { ReportResult, ReportRow } from '../../../shared/reports.contract';
import { TASK_AREA_TITLES, TASK_ENDPOINTS, TASK_ROUTES, type TaskArea } from '../tasks.contract';
import { aggregateTasks, findDueTasks, type DueTask, type TaskReportGroup } from './tasks-report.queries';

const GROUPS: [ReportGroup<TaskReportGroup>, ...ReportGroup<TaskReportGroup>[]] = [
  { value: 'person', label: 'Assignee' },
  { value: 'department', label: 'Department' },
  { value: 'month', label: 'Month due' },
];

const onTimePercent = (onTime: number, done: number) => (done === 0 ? null : round((100 * onTime) / done, 1));

function tasksReport(area: TaskArea): ReportDefinition {
  return {
    key: `${area}_tasks`,
    title: TASK_AREA_TITLES[area],
    description: `${TASK_AREA_TITLES[area]} due in the range: done on time, done late, overdue and not yet due.`,
    endpoint: TASK_ENDPOINTS[area],
    group_by: GROUPS,
    async run(trx, { companyId, filters, reach, today }): Promise<ReportResult> {
      const group = chosenGroup(GROUPS, filters.group_by);
      const found = await aggregateTasks(trx, { companyId, area, reach, filters, today, group: group.value });
      const rows: ReportRow[] = found.map((row) => ({
        group: row.label,
        due: row.due,
        on_time: row.on_time,
        late: row.late,
        overdue: row.overdue,
        upcoming: row.upcoming,
        on_time_percent: onTimePercent(row.on_time, row.on_time + row.late),
      }));
      return groupedResult({
        group,
        columns: [
          { key: 'due', label: 'Due', kind: 'number' },
          { key: 'on_time', label: 'Done on time', kind: 'number' },
          { key: 'late', label: 'Done late', kind: 'number' },
          { key: 'overdue', label: 'Overdue', kind: 'number' },
          { key: 'upcoming', label: 'Not yet due', kind: 'number' },
          { key: 'on_time_percent', label: 'On time', kind: 'percent' },
        ],
        rows,
        summed: ['due', 'on_time', 'late', 'overdue', 'upcoming'],
        derivedTotals: (total) => ({ on_time_percent: onTimePercent(total('on_time'), total('on_time') + total('late')) }),
        series: [
          { name: 'on_time', label: 'Done on time', color: 'green.6' },
          { name: 'late', label: 'Done late', color: 'yellow.6' },
          { name: 'overdue', label: 'Overdue', color: 'red.6' },
        ],
      });
    },
  };
}

export const taskReports: readonly ReportDefinition[] = [tasksReport('hr'), tasksReport('hs')];

const CALENDAR_COLOURS: Record<TaskArea, string> = { hr: 'violet', hs: 'orange' };

function taskCalendarSource(area: TaskArea): CalendarSource {
  const kind = `${area}_task`;
  return {
    kind,
    label: TASK_AREA_TITLES[area],
    colour: CALENDAR_COLOURS[area],
    async find(trx, { companyId, session, from, to, departmentIds }) {
      const level = levelFor(session.permissions, TASK_ENDPOINTS[area], 'GET');
      if (level === null) return [];
      const mine = await findDueTasks(trx, { companyId, area, from, to, assigneeId: session.userId });
      const reach = level === 'department' ? departmentIds.filter((id) => session.departmentIds.includes(id)) : departmentIds;
      const team =
        reach.length && scopeRank(level) >= scopeRank('department')
          ? await findDueTasks(trx, { companyId, area, from, to, departmentIds: reach })
          : [];
      const seen = new Set<string>();
      return [...mine, ...team]
        .filter((task) => !seen.has(task.id) && Boolean(seen.add(task.id)))
        .map((task: DueTask): CalendarEntry => ({
          id: `${kind}-${task.id}`,
          kind,
          title: `${task.status === 'done' ? '✓ ' : ''}${task.title}${task.assignee_id === session.userId ? '' : ` (${task.assignee_name})`}`,
          start_date: task.due_date,
          end_date: task.due_date,
          start_at: null,
          end_at: null,
          colour: CALENDAR_COLOURS[area],
          person_name: task.assignee_name,
          department_id: task.department_id,
          href: TASK_ROUTES[area].detail.replace('$id', task.id),
        }));
    },
  };
}

export const taskCalendarSources: readonly CalendarSource[] = [taskCalendarSource('hr'), taskCalendarSource('hs')];
