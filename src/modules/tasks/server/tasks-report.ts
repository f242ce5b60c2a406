// The tasks on /reports and /calendar. Reports: HR and H&S tasks due in the range, done on time,
// done late, overdue and not yet due, by assignee, department or month. Calendar: the viewer's own
// tasks by due day, and the tasks of the departments they filter on when their scope reaches them.
import type { CalendarSource } from '../../../server/calendar/calendar-source';
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { groupedReport } from '../../../server/reports/grouped-report';
import { round } from '../../../server/reports/report-figures';
import { levelFor, scopeRank } from '../../../shared/scopes';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { TASK_AREA_TITLES, TASK_ENDPOINTS, TASK_ROUTES, type TaskArea } from '../tasks.contract';
import { aggregateTasks, findDueTasks, type DueTask } from './tasks-report.queries';

const onTimePercent = (onTime: number, done: number) => (done === 0 ? null : round((100 * onTime) / done, 1));

const tasksReport = (area: TaskArea) =>
  groupedReport({
    key: `${area}_tasks`,
    title: TASK_AREA_TITLES[area],
    description: `${TASK_AREA_TITLES[area]} due in the range: done on time, done late, overdue and not yet due.`,
    endpoint: TASK_ENDPOINTS[area],
    groups: [
      { value: 'person', label: 'Assignee' },
      { value: 'department', label: 'Department' },
      { value: 'month', label: 'Month due' },
    ],
    find: (trx, input) => aggregateTasks(trx, { ...input, area }),
    columns: [
      { key: 'due', label: 'Due', value: (row) => row.due, total: 'sum' },
      { key: 'on_time', label: 'Done on time', value: (row) => row.on_time, total: 'sum', chart: 'green.6' },
      { key: 'late', label: 'Done late', value: (row) => row.late, total: 'sum', chart: 'yellow.6' },
      { key: 'overdue', label: 'Overdue', value: (row) => row.overdue, total: 'sum', chart: 'red.6' },
      { key: 'upcoming', label: 'Not yet due', value: (row) => row.upcoming, total: 'sum' },
      {
        key: 'on_time_percent',
        label: 'On time',
        kind: 'percent',
        value: (row) => onTimePercent(row.on_time, row.on_time + row.late),
        total: (total) => onTimePercent(total('on_time'), total('on_time') + total('late')),
      },
    ],
  });

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
