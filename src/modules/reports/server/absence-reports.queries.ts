// The SQL of the absence reports: absences in range for the people in reach, aggregated by
// leave type, person, department, month or sickness category, and a person's sickness for the
// Bradford factor. A day counts when the person's working pattern (their latest one in the
// aggregates, the one in force when the absence began for the Bradford factor; Monday to
// Friday without one) has hours that day (counted in O(1) per absence by migration 0035's
// working_days_between); a half day is 0.5 and hours
// are counted in 7.5-hour days. Every query filters by company besides row-level security.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ReportReach } from '../../../server/reports/report-definition';
import { PERSON_GROUP_KEYS, peopleConditions } from '../../../server/reports/report-people.queries';
import type { ReportFilters } from '../../../shared/reports.contract';

export const ABSENCE_GROUPS = ['type', 'person', 'department', 'month', 'category'] as const;
export type AbsenceGroup = (typeof ABSENCE_GROUPS)[number];

const GROUP_KEY: Record<AbsenceGroup, RawBuilder<string>> = {
  type: sql<string>`lt.name`,
  ...PERSON_GROUP_KEYS,
  month: sql<string>`to_char(x.first_day, 'YYYY-MM')`,
  category: sql<string>`coalesce(a.sickness_category, 'not_given')`,
};

export type AbsenceAggregate = { label: string; detail: string | null; spells: number; days: number; people: number };

type AggregateInput = {
  companyId: string;
  reach: ReportReach;
  filters: ReportFilters;
  today: string;
  group: AbsenceGroup;
  sicknessOnly: boolean;
};

/** Absences meeting the range (approved, cancellation asked, or sickness not refused), aggregated by `group`. */
export async function aggregateAbsences(trx: DbOrTrx, input: AggregateInput): Promise<AbsenceAggregate[]> {
  return (await absenceAggregateQuery(input).execute(trx)).rows;
}

/** The aggregate's query, unrun (the rota benchmark prints its plan). */
export function absenceAggregateQuery(input: AggregateInput): RawBuilder<AbsenceAggregate> {
  const { from, to } = input.filters;
  const conditions = [
    ...peopleConditions(input),
    sql`a.company_id = ${input.companyId}`,
    sql`a.start_date <= ${to}::date`,
    sql`coalesce(a.end_date, ${input.today}::date) >= ${from}::date`,
    sql`(a.status in ('approved', 'cancellation_requested') or (lt.key = 'sickness' and a.status = 'pending'))`,
  ];
  if (input.sicknessOnly) conditions.push(sql`lt.key = 'sickness'`);
  const key = GROUP_KEY[input.group];
  const detail = input.group === 'person' ? sql`min(coalesce(d.name, ''))` : sql`null::text`;
  return sql<AbsenceAggregate>`
    with week as (
      -- Each person's latest working pattern, once per person rather than once per absence.
      select distinct on (w.user_id) w.user_id,
        working_day_counts(array[w.mon_hours, w.tue_hours, w.wed_hours, w.thu_hours, w.fri_hours, w.sat_hours, w.sun_hours]::float8[]) as counts
      from user_working_patterns w where w.company_id = ${input.companyId}
      order by w.user_id, w.start_date desc
    )
    -- Two steps: per group and person, then per group. Counting the people with count(distinct)
    -- sorted a million rows (spilling to disk); the inner grouping is a parallel hash aggregate.
    select label, min(detail) as detail, sum(spells)::int as spells, round(sum(days)::numeric, 2)::float8 as days, count(*)::int as people
    from (
      select ${key} as label, ${detail} as detail, count(*) as spells, sum(x.days) as days
      from user_absences a
      join users u on u.id = a.user_id
      join leave_types lt on lt.id = a.leave_type_id
      left join departments d on d.id = u.department_id
      left join week p on p.user_id = a.user_id
      cross join lateral (
        select greatest(a.start_date, ${from}::date) as first_day,
          case a.duration_type
            when 'half_day' then 0.5
            when 'hours' then coalesce(a.hours, 0) / 7.5
            else working_days_between(coalesce(p.counts, working_day_counts(array[7.5, 7.5, 7.5, 7.5, 7.5, 0, 0]::float8[])),
                    greatest(a.start_date, ${from}::date), least(coalesce(a.end_date, ${input.today}::date), ${to}::date))
          end::float8 as days
      ) x
      where ${sql.join(conditions, sql` and `)}
      group by 1, a.user_id
    ) per_person
    group by label
    order by ${input.group === 'month' ? sql`1` : sql`4 desc, 1`}
    limit 1000`;
}

export type SicknessRow = {
  id: string;
  user_id: string;
  name: string;
  department: string | null;
  start_date: string;
  end_date: string;
  days: number;
  week: number[];
};

/** Sickness of the people in reach meeting `from`..`to`, clipped to it, with each person's working week. */
export async function findSickness(
  trx: DbOrTrx,
  input: {
    companyId: string;
    reach: ReportReach;
    filters: Pick<ReportFilters, 'department_id' | 'location_id' | 'user_id'>;
    from: string;
    to: string;
  },
): Promise<SicknessRow[]> {
  const conditions = [
    ...peopleConditions(input),
    sql`a.company_id = ${input.companyId}`,
    sql`lt.key = 'sickness'`,
    sql`a.status in ('approved', 'pending', 'cancellation_requested')`,
    sql`a.start_date <= ${input.to}::date`,
    sql`coalesce(a.end_date, ${input.to}::date) >= ${input.from}::date`,
  ];
  const { rows } = await sql<SicknessRow>`
    select a.id, a.user_id, u.first_name || ' ' || u.surname as name, d.name as department,
      greatest(a.start_date, ${input.from}::date)::text as start_date, least(coalesce(a.end_date, ${input.to}::date), ${input.to}::date)::text as end_date,
      x.week::float8[] as week,
      case a.duration_type when 'half_day' then 0.5 when 'hours' then coalesce(a.hours, 0) / 7.5
        else (select count(*) from generate_series(greatest(a.start_date, ${input.from}::date), least(coalesce(a.end_date, ${input.to}::date), ${input.to}::date), interval '1 day') g(day)
          where x.week[extract(isodow from g.day)::int] > 0) end::float8 as days
    from user_absences a
    join users u on u.id = a.user_id
    join leave_types lt on lt.id = a.leave_type_id
    left join departments d on d.id = u.department_id
    cross join lateral (
      select coalesce((select array[w.mon_hours, w.tue_hours, w.wed_hours, w.thu_hours, w.fri_hours, w.sat_hours, w.sun_hours]
        from user_working_patterns w where w.user_id = a.user_id and w.start_date <= a.start_date order by w.start_date desc limit 1),
        array[7.5, 7.5, 7.5, 7.5, 7.5, 0, 0]) as week
    ) x
    where ${sql.join(conditions, sql` and `)}
    order by a.user_id, a.start_date
    limit 200000`.execute(trx);
  return rows;
}
