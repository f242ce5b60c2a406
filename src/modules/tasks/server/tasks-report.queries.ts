// The SQL of tasks due: the pending count, the reports and the calendar entries; tasks of one area due in a range, for the
// assignees in the caller's reach. A task is done on time when it was completed on or before its
// due day (London); overdue when still open after it.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ReportReach } from '../../../server/reports/report-definition';
import { PERSON_GROUP_KEYS, peopleConditions } from '../../../server/reports/report-people.queries';
import type { ReportFilters } from '../../../shared/reports.contract';
import type { TaskArea } from '../tasks.contract';

export const TASK_REPORT_GROUPS = ['person', 'department', 'month'] as const;
export type TaskReportGroup = (typeof TASK_REPORT_GROUPS)[number];

const GROUP_KEY: Record<TaskReportGroup, RawBuilder<string>> = {
  ...PERSON_GROUP_KEYS,
  month: sql<string>`to_char(t.due_date, 'YYYY-MM')`,
};

export type TaskAggregate = { label: string; due: number; on_time: number; late: number; overdue: number; upcoming: number };

export async function aggregateTasks(
  trx: DbOrTrx,
  input: { companyId: string; area: TaskArea; reach: ReportReach; filters: ReportFilters; today: string; group: TaskReportGroup },
): Promise<TaskAggregate[]> {
  const conditions = [
    ...peopleConditions(input),
    sql`t.company_id = ${input.companyId}`,
    sql`t.area = ${input.area}`,
    sql`t.due_date between ${input.filters.from}::date and ${input.filters.to}::date`,
  ];
  const completedOn = sql`(t.completed_at at time zone 'Europe/London')::date`;
  const { rows } = await sql<TaskAggregate>`
    select ${GROUP_KEY[input.group]} as label, count(*)::int as due,
      (count(*) filter (where t.status = 'done' and ${completedOn} <= t.due_date))::int as on_time,
      (count(*) filter (where t.status = 'done' and ${completedOn} > t.due_date))::int as late,
      (count(*) filter (where t.status = 'open' and t.due_date < ${input.today}::date))::int as overdue,
      (count(*) filter (where t.status = 'open' and t.due_date >= ${input.today}::date))::int as upcoming
    from tasks t
    join users u on u.id = t.assignee_id
    left join departments d on d.id = u.department_id
    where ${sql.join(conditions, sql` and `)}
    group by 1
    order by ${input.group === 'month' ? sql`1` : sql`2 desc, 1`}`.execute(trx);
  return rows;
}

export type DueTask = {
  id: string;
  title: string;
  due_date: string;
  due_time: string | null;
  status: 'open' | 'done';
  assignee_id: string;
  assignee_name: string;
  department_id: string | null;
};

/** Tasks of the area due between two dates: the assignee's own, or those of people in the departments given. */
export async function findDueTasks(
  trx: DbOrTrx,
  input: { companyId: string; area: TaskArea; from: string; to: string; assigneeId?: string; departmentIds?: readonly string[] },
): Promise<DueTask[]> {
  const who = input.assigneeId
    ? sql`t.assignee_id = ${input.assigneeId}`
    : sql`(u.department_id = any(${[...(input.departmentIds ?? [])]}::uuid[])
        or exists (select 1 from user_departments ud where ud.user_id = u.id and ud.department_id = any(${[...(input.departmentIds ?? [])]}::uuid[])))`;
  const { rows } = await sql<DueTask>`
    select t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.due_time, t.status, t.assignee_id,
      u.first_name || ' ' || u.surname as assignee_name, u.department_id
    from tasks t join users u on u.id = t.assignee_id
    where t.company_id = ${input.companyId} and t.area = ${input.area}
      and t.due_date between ${input.from}::date and ${input.to}::date and ${who}
    order by t.due_date, t.due_time nulls last
    limit 1000`.execute(trx);
  return rows;
}

/** The caller's open tasks of the area due by today (overdue included): the pending count. */
export async function countMyDueTasks(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; area: TaskArea; today: string },
): Promise<number> {
  const row = await trx
    .selectFrom('tasks')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('assignee_id', '=', input.userId)
    .where('area', '=', input.area)
    .where('status', '=', 'open')
    .where('due_date', '<=', input.today)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return row?.count ?? 0;
}
