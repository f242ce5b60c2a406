// The SQL of the calendar's own sources: absences the viewer may see, the viewer's bank
// holiday region, and the company's own closure days. Every query filters by company besides
// row-level security.
import { sql } from 'kysely';
import { personInReach, type CalendarViewer } from '../../../server/calendar/calendar-reach.queries';
import type { DbOrTrx } from '../../../server/db/database';
import type { BankHolidayRegion } from '../../leave/leave.contract';

const NONE = '00000000-0000-0000-0000-000000000000';
const uuids = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NONE]);
const inDepartments = (ids: readonly string[]) => sql`(u.department_id = any(${uuids(ids)}::uuid[])
  or exists (select 1 from user_departments ud where ud.user_id = u.id and ud.department_id = any(${uuids(ids)}::uuid[])))`;

export type CalendarAbsence = {
  id: string;
  user_id: string;
  name: string;
  department_id: string | null;
  leave_type: string;
  colour: string;
  start_date: string;
  end_date: string | null;
  status: string;
};

/** Approved (and waiting) absences meeting the range: the viewer's own, and their reach's (company, or departments and line reports). */
export async function findCalendarAbsences(
  trx: DbOrTrx,
  input: { companyId: string; viewer: CalendarViewer; filterDepartments: string[]; from: string; to: string },
): Promise<CalendarAbsence[]> {
  const reach = personInReach(sql`u.id`, input.viewer);
  const { rows } = await sql<CalendarAbsence>`
    select a.id, a.user_id, u.first_name || ' ' || u.surname as name, u.department_id, lt.name as leave_type, lt.colour,
      a.start_date, a.end_date, a.status
    from user_absences a join users u on u.id = a.user_id join leave_types lt on lt.id = a.leave_type_id
    where a.company_id = ${input.companyId} and a.status in ('approved', 'pending', 'cancellation_requested')
      and a.start_date <= ${input.to}::date and coalesce(a.end_date, ${input.to}::date) >= ${input.from}::date
      and ${reach} ${input.filterDepartments.length ? sql`and ${inDepartments(input.filterDepartments)}` : sql``}
    order by a.start_date, u.first_name limit 2000`.execute(trx);
  return rows;
}

export async function findViewerRegion(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<BankHolidayRegion> {
  const { rows } = await sql<{ region: BankHolidayRegion }>`
    select coalesce(r.bank_holiday_region, l.bank_holiday_region, 'england-and-wales') as region
    from users u
    left join user_bank_holiday_regions r on r.user_id = u.id and r.company_id = u.company_id
    left join company_locations l on l.id = u.location_id and l.company_id = u.company_id
    where u.id = ${input.userId} and u.company_id = ${input.companyId}`.execute(trx);
  return rows[0]?.region ?? 'england-and-wales';
}

export async function findClosureDays(
  trx: DbOrTrx,
  input: { companyId: string; region: BankHolidayRegion; from: string; to: string },
): Promise<{ id: string; date: string; name: string }[]> {
  const { rows } = await sql<{ id: string; date: string; name: string }>`
    select id, date, name from company_bank_holidays
    where company_id = ${input.companyId} and date between ${input.from}::date and ${input.to}::date
      and (region is null or region = ${input.region})
    order by date`.execute(trx);
  return rows;
}
