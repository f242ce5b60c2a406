// The SQL of the attendance report: the published shifts that have ended, dated in the range
// (London days), of the people in the caller's reach, each with the first clock entry made for
// it, counted by person, department (the person's) or month: shifts, shifts clocked, shifts not
// clocked, late arrivals and minutes late, early leavings and minutes early. Minutes are whole
// minutes against the shift, as the timesheet shows them.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ReportReach } from '../../../server/reports/report-definition';
import { PERSON_GROUP_KEYS, peopleConditions } from '../../../server/reports/report-people.queries';
import type { ReportFilters } from '../../../shared/reports.contract';

export type AttendanceGroup = 'person' | 'department' | 'month';

const GROUP_KEY: Record<AttendanceGroup, RawBuilder<string>> = {
  ...PERSON_GROUP_KEYS,
  month: sql<string>`to_char(s.start_at at time zone 'Europe/London', 'YYYY-MM')`,
};

export type AttendanceCounts = {
  label: string;
  shifts: number;
  clocked: number;
  not_clocked: number;
  late: number;
  late_minutes: number;
  early: number;
  early_minutes: number;
};

export async function countAttendance(
  trx: DbOrTrx,
  input: { companyId: string; reach: ReportReach; filters: ReportFilters; group: AttendanceGroup },
): Promise<AttendanceCounts[]> {
  const conditions = [
    ...peopleConditions(input),
    sql`s.company_id = ${input.companyId}`,
    sql`s.published`,
    sql`s.end_at <= now()`,
    sql`(s.start_at at time zone 'Europe/London')::date between ${input.filters.from}::date and ${input.filters.to}::date`,
  ];
  const { rows } = await sql<AttendanceCounts>`
    with shifts as (
      select ${GROUP_KEY[input.group]} as label, e.id as entry_id,
        greatest(0, round(extract(epoch from e.clock_in_at - s.start_at) / 60))::int as late_minutes,
        greatest(0, round(extract(epoch from s.end_at - e.clock_out_at) / 60))::int as early_minutes
      from rota_shifts s
      join users u on u.id = s.user_id
      left join departments d on d.id = u.department_id
      left join lateral (
        select id, clock_in_at, clock_out_at from time_clock_entries
        where company_id = s.company_id and shift_id = s.id order by clock_in_at limit 1
      ) e on true
      where ${sql.join(conditions, sql` and `)}
    )
    select label, count(*)::int as shifts, count(entry_id)::int as clocked,
      (count(*) - count(entry_id))::int as not_clocked,
      count(*) filter (where late_minutes > 0)::int as late, coalesce(sum(late_minutes), 0)::int as late_minutes,
      count(*) filter (where early_minutes > 0)::int as early, coalesce(sum(early_minutes), 0)::int as early_minutes
    from shifts
    group by label
    order by ${input.group === 'month' ? sql`label` : sql`late desc, not_clocked desc, label`}`.execute(trx);
  return rows;
}
