// The days people are away, as the leave module offers them to other modules (`daysOff` in
// src/server/module-hooks.ts): approved leave (and leave whose cancellation is only asked for),
// and sickness from when it is reported until it is decided. One row a person and day,
// sickness before leave; every query filters by company besides row-level security.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { DayOff, DaysOff } from '../../../server/module-hooks';

export async function findDaysOff(
  trx: Trx,
  input: { companyId: string; userIds: readonly string[]; from: string; to: string },
): Promise<DayOff[]> {
  if (input.userIds.length === 0) return [];
  const { rows } = await sql<DayOff>`
    select distinct on (a.user_id, day) a.user_id as "userId", day::date::text as date,
      case when lt.key = 'sickness' then 'sickness' else 'leave' end as kind, lt.name
    from user_absences a
    join leave_types lt on lt.id = a.leave_type_id
    cross join lateral generate_series(greatest(a.start_date, ${input.from}::date),
      least(coalesce(a.end_date, ${input.to}::date), ${input.to}::date), interval '1 day') as day
    where a.company_id = ${input.companyId} and a.user_id = any(${[...input.userIds]}::uuid[])
      and (a.status in ('approved', 'cancellation_requested') or (lt.key = 'sickness' and a.status = 'pending'))
      and a.start_date <= ${input.to}::date and coalesce(a.end_date, ${input.to}::date) >= ${input.from}::date
    order by a.user_id, day, (lt.key = 'sickness') desc`.execute(trx);
  return rows;
}

export const leaveDaysOff: DaysOff = { find: findDaysOff };
