// The only SQL of the insights part: who is employed and who is off on a day, the people of a
// timeline and its days (company bank holidays, blocked periods), a person's sickness for the
// Bradford factor. Every query filters by company besides row-level security. "Employed on a
// day": active, or terminated with a termination date not before that day (a leaver works their
// last day).
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import { roleRankOf } from '../../../server/db/role-rank.queries';
import { ROLE_RANK, type Scope } from '../../../shared/scopes';
import { type AbsenceSpan, type PersonSummary } from '../absences.contract';
import type { LeaveTypeColumns } from './leave-type-summary';
import { type BankHoliday, type BlockedDatePeriod } from '../leave-settings.contract';
import { LIVE_STATUSES, type BankHolidayRegion, type DurationType, type HalfDayPart } from '../leave.contract';
import type { TimelineAbsenceJson } from './absences-read.queries';
import './leave-tables';

const NO_DEPARTMENT = '00000000-0000-0000-0000-000000000000';
const uuids = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NO_DEPARTMENT]);

/** The person `u` is employed from `from` to at least the start of that range (pending and invited people too: they have started or will). */
const employedFrom = (from: string) =>
  sql<boolean>`(u.status in ('active', 'pending', 'invited') or (u.status = 'terminated' and u.termination_date >= ${from}::date))
    and (u.termination_date is null or u.termination_date >= ${from}::date)`;

/** `u` belongs to one of `ids` (own department or a further one). */
const inDepartments = (ids: readonly string[]) =>
  sql<boolean>`(u.department_id = any(${uuids(ids)}::uuid[])
    or exists (select 1 from user_departments ud where ud.user_id = u.id and ud.department_id = any(${uuids(ids)}::uuid[])))`;

const departmentIdsOf = sql<string[]>`array(select u.department_id where u.department_id is not null
  union select ud.department_id from user_departments ud where ud.user_id = u.id)::text[]`;

/** Whom a timeline shows: company everyone; department the caller's departments, line reports and themselves; own their department colleagues and themselves. */
export function timelineReach(input: { level: Scope; userId: string; departmentIds: readonly string[] }): RawBuilder<boolean> {
  if (input.level === 'company' || input.level === 'global') return sql<boolean>`true`;
  const lineReports =
    input.level === 'department'
      ? sql`or u.id in (select lm.user_id from user_line_managers lm where lm.manager_id = ${input.userId})`
      : sql``;
  return sql<boolean>`(u.id = ${input.userId} or ${inDepartments(input.departmentIds)} ${lineReports})`;
}

/** A person of the timeline, with what only the server uses: their departments and their role's rank. */
export type TimelinePerson = PersonSummary & { region: BankHolidayRegion; department_ids: string[]; rank: number };

// ---- Who is at work -----------------------------------------------------------------------

export async function countEmployed(trx: DbOrTrx, input: { companyId: string; date: string; departmentId?: string }): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from users u
    where u.company_id = ${input.companyId} and ${employedFrom(input.date)}
      ${input.departmentId ? sql`and ${inDepartments([input.departmentId])}` : sql``}`.execute(trx);
  return rows[0]?.n ?? 0;
}

export type AbsentRow = LeaveTypeColumns & {
  user_id: string;
  first_name: string;
  surname: string;
  department_name: string | null;
  department_ids: string[];
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
};

/**
 * The employed people off on `date`: approved absences, and sickness still live (reported
 * and not yet decided, or open-ended until the person is back).
 */
export async function findAbsentOn(trx: DbOrTrx, input: { companyId: string; date: string; departmentId?: string }): Promise<AbsentRow[]> {
  const { rows } = await sql<AbsentRow>`
    select u.id as user_id, u.first_name, u.surname, d.name as department_name, ${departmentIdsOf} as department_ids,
      lt.id as leave_type_id, lt.key as leave_type_key, lt.name as leave_type_name, lt.colour as leave_type_colour,
      lt.paid as leave_type_paid, lt.deducted as leave_type_deducted,
      a.start_date, a.end_date, a.duration_type, a.half_day_part
    from user_absences a
    join users u on u.id = a.user_id
    join leave_types lt on lt.id = a.leave_type_id
    left join departments d on d.id = u.department_id
    where a.company_id = ${input.companyId} and u.company_id = ${input.companyId}
      and a.start_date <= ${input.date}::date and coalesce(a.end_date, ${input.date}::date) >= ${input.date}::date
      and (a.status = 'approved' or (lt.key = 'sickness' and a.status = any(${[...LIVE_STATUSES]}::text[])))
      and ${employedFrom(input.date)}
      ${input.departmentId ? sql`and ${inDepartments([input.departmentId])}` : sql``}
    order by lower(u.surname), lower(u.first_name), u.id, a.start_date`.execute(trx);
  return rows;
}

// ---- Bradford factor ----------------------------------------------------------------------

export type SicknessRow = AbsenceSpan & { id: string };

/** The person's approved sickness absences meeting `from`..`to` (open-ended ones included). */
export async function findSicknessBetween(
  trx: Trx,
  input: { companyId: string; userId: string; from: string; to: string },
): Promise<SicknessRow[]> {
  const { rows } = await sql<SicknessRow>`
    select a.id, a.start_date, a.end_date, a.duration_type, a.half_day_part, a.hours, a.deduction, a.deduction_unit
    from user_absences a join leave_types lt on lt.id = a.leave_type_id
    where a.company_id = ${input.companyId} and a.user_id = ${input.userId} and lt.key = 'sickness' and a.status = 'approved'
      and a.start_date <= ${input.to}::date and coalesce(a.end_date, ${input.to}::date) >= ${input.from}::date
    order by a.start_date, a.id`.execute(trx);
  return rows;
}

// ---- The timeline's people and days --------------------------------------------------------

/** The company's own bank holidays from `from` to `to`, as a JSON array. */
const companyDaysJson = (companyId: string, from: string, to: string) =>
  sql`coalesce((select json_agg(json_build_object('id', h.id, 'date', h.date, 'name', h.name, 'region', h.region) order by h.date, h.name)
    from company_bank_holidays h
    where h.company_id = ${companyId} and h.date >= ${from}::date and h.date <= ${to}::date), '[]')`;

/** The company's blocked periods (at most `limit`) meeting `from` to `to`, as a JSON array. */
const blockedJson = (companyId: string, from: string, to: string, limit: number) =>
  sql`coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'start_date', b.start_date, 'end_date', b.end_date,
      'department_id', b.department_id, 'department_name', d.name, 'notes', b.notes) order by b.start_date, b.name)
    from (select * from blocked_date_periods p
          where p.company_id = ${companyId} and p.end_date >= ${from}::date and p.start_date <= ${to}::date
          order by p.start_date, p.name limit ${limit}) b
    left join departments d on d.id = b.department_id and d.company_id = ${companyId}), '[]')`;

export type TimelineRead = {
  people: TimelinePerson[];
  bankHolidays: BankHoliday[];
  blocked: BlockedDatePeriod[];
  absences: TimelineAbsenceJson[];
};

/**
 * The team month in one statement, each part a JSON array: the people it shows (in `reach`,
 * employed from `from`, at most `limit`, by surname), their absences (`absences`, written over
 * the CTE `people`), the company's own bank holidays and its blocked periods (at most
 * `blockedLimit`) from `from` to `to`. It used to take five statements, then two.
 */
export async function findTimeline(
  trx: Trx,
  input: {
    companyId: string;
    reach: RawBuilder<boolean>;
    from: string;
    to: string;
    departmentIds?: string[];
    search?: string;
    limit: number;
    blockedLimit: number;
    absences: RawBuilder<TimelineAbsenceJson[]>;
  },
): Promise<TimelineRead> {
  const { companyId, from, to } = input;
  const conditions: RawBuilder<unknown>[] = [sql`u.company_id = ${companyId}`, employedFrom(from), input.reach];
  if (input.departmentIds?.length) conditions.push(inDepartments(input.departmentIds));
  if (input.search) {
    const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`lower(concat_ws(e'\\x1f', u.first_name, u.surname, u.first_name || ' ' || u.surname)) like lower(${pattern})`);
  }
  // Its generic plan runs in about 1.7 ms where a custom plan took 2.4 ms and a millisecond more
  // to plan (18 parameters: PostgreSQL prices the generic one too high and plans every call).
  // Local to the transaction, sent with its BEGIN (src/server/db/app-client.ts).
  await sql`SET LOCAL plan_cache_mode = 'force_generic_plan'`.execute(trx);
  const { rows } = await sql<{
    people: TimelinePerson[];
    bank_holidays: Omit<BankHoliday, 'projected' | 'company_added'>[];
    blocked: BlockedDatePeriod[];
    absences: TimelineAbsenceJson[];
  }>`
    with people as materialized (
      select u.id, u.first_name, u.surname, u.department_id, d.name as department_name, u.role_id,
        coalesce(r.bank_holiday_region, l.bank_holiday_region, 'england-and-wales') as region,
        ${departmentIdsOf} as department_ids, lower(u.surname) as surname_key, lower(u.first_name) as first_name_key
      from users u
      left join departments d on d.id = u.department_id
      left join user_bank_holiday_regions r on r.user_id = u.id and r.company_id = u.company_id
      left join company_locations l on l.id = u.location_id and l.company_id = u.company_id
      where ${sql.join(conditions, sql` and `)}
      order by lower(u.surname), lower(u.first_name), u.id
      limit ${input.limit}),
    -- Each role among them ranked once (src/server/db/role-rank.queries.ts), not once per person or absence.
    ranks as materialized (select ro.id, ${roleRankOf(sql`ro.id`)} as rank from roles ro where ro.id in (select role_id from people))
    select
      coalesce((select json_agg(json_build_object('id', p.id, 'first_name', p.first_name, 'surname', p.surname,
          'department_id', p.department_id, 'department_name', p.department_name, 'region', p.region, 'department_ids', p.department_ids,
          'rank', coalesce(rk.rank, ${sql.lit(ROLE_RANK.docsOnly)}))
          order by p.surname_key, p.first_name_key, p.id)
        from people p left join ranks rk on rk.id = p.role_id), '[]') as people,
      ${companyDaysJson(companyId, from, to)} as bank_holidays,
      ${blockedJson(companyId, from, to, input.blockedLimit)} as blocked,
      ${input.absences} as absences`.execute(trx);
  const row = rows[0];
  return {
    people: row?.people ?? [],
    bankHolidays: (row?.bank_holidays ?? []).map((day) => ({ ...day, projected: false, company_added: true })),
    blocked: row?.blocked ?? [],
    absences: row?.absences ?? [],
  };
}
