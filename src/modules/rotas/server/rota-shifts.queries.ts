// The only SQL of shifts: the grid's shifts and people, one shift, a person's shifts
// around a shift (for the working-time checks), writes, publishing and claiming. Every query
// filters by company besides row-level security. Ranges are London calendar dates; a shift
// belongs to the day it starts.
import { sql, type RawBuilder } from 'kysely';
import { personInReach, type CalendarViewer } from '../../../server/calendar/calendar-reach.queries';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import { addDays, londonInstant } from '../../../shared/dates';
import type { RotaPerson, Shift, ShiftColour, ShiftInput } from '../rotas.contract';
import type { ShiftTimes, WorkingTimePerson } from '../working-time';

const NONE = '00000000-0000-0000-0000-000000000000';
const uuids = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NONE]);
/** The first instant of `from` and the first after `to`, London time. */
export const rangeInstants = (from: string, to: string) => ({
  start: londonInstant(from, '00:00').toISOString(),
  end: londonInstant(addDays(to, 1), '00:00').toISOString(),
});

type ShiftRow = Omit<Shift, 'start_at' | 'end_at' | 'colour' | 'day_off'> & { start_at: Date; end_at: Date; colour: string };
const toShift = (row: ShiftRow): Shift => ({
  ...row,
  start_at: row.start_at.toISOString(),
  end_at: row.end_at.toISOString(),
  colour: row.colour as ShiftColour,
  day_off: null,
});

const shiftColumns = sql`s.id, s.user_id, case when u.id is null then null else u.first_name || ' ' || u.surname end as user_name,
  s.department_id, d.name as department_name, s.location_id, l.name as location_name, s.start_at, s.end_at, s.break_minutes,
  s.role, s.notes, s.colour, s.published, s.changed_after_publish, s.override_reason,
  (select w.status from rota_swaps w where w.shift_id = s.id and w.status in ('offered', 'accepted') limit 1) as swap_status`;
const shiftJoins = sql`from rota_shifts s
  join departments d on d.id = s.department_id
  left join users u on u.id = s.user_id
  left join company_locations l on l.id = s.location_id`;

export type ShiftFilter = {
  companyId: string;
  from: string;
  to: string;
  /** Null: every department the company has. */
  departmentIds: readonly string[] | null;
  departmentId?: string;
  locationId?: string;
  publishedOnly: boolean;
  userId?: string;
  openOnly?: boolean;
  /** Only the shifts of the people this viewer may see (a calendar's reach), and open shifts of their departments. */
  visibleTo?: CalendarViewer;
};

function shiftConditions(filter: ShiftFilter): RawBuilder<unknown>[] {
  const { start, end } = rangeInstants(filter.from, filter.to);
  const conditions: RawBuilder<unknown>[] = [
    sql`s.company_id = ${filter.companyId}`,
    sql`s.start_at >= ${start}::timestamptz`,
    sql`s.start_at < ${end}::timestamptz`,
  ];
  if (filter.departmentIds) conditions.push(sql`s.department_id = any(${uuids(filter.departmentIds)}::uuid[])`);
  if (filter.departmentId) conditions.push(sql`s.department_id = ${filter.departmentId}`);
  if (filter.locationId) conditions.push(sql`s.location_id = ${filter.locationId}`);
  if (filter.publishedOnly) conditions.push(sql`s.published`);
  if (filter.userId) conditions.push(sql`s.user_id = ${filter.userId}`);
  if (filter.openOnly) conditions.push(sql`s.user_id is null`);
  if (filter.visibleTo) {
    const viewer = filter.visibleTo;
    conditions.push(
      viewer.reach === 'department'
        ? sql`(${personInReach(sql`s.user_id`, viewer)} or (s.user_id is null and s.department_id = any(${uuids(viewer.departmentIds)}::uuid[])))`
        : personInReach(sql`s.user_id`, viewer),
    );
  }
  return conditions;
}

export async function findShifts(trx: DbOrTrx, filter: ShiftFilter & { limit?: number }): Promise<Shift[]> {
  const { rows } = await sql<ShiftRow>`select ${shiftColumns} ${shiftJoins}
    where ${sql.join(shiftConditions(filter), sql` and `)}
    order by s.start_at, d.name, s.id
    limit ${filter.limit ?? 5000}`.execute(trx);
  return rows.map(toShift);
}

export async function getShift(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<Shift | undefined> {
  const { rows } = await sql<ShiftRow>`select ${shiftColumns} ${shiftJoins}
    where s.company_id = ${input.companyId} and s.id = ${input.id}`.execute(trx);
  return rows[0] ? toShift(rows[0]) : undefined;
}

/** Who works the same hours in the same department as each of `shiftIds` (published shifts only). */
export async function findColleagues(
  trx: DbOrTrx,
  input: { companyId: string; shiftIds: string[] },
): Promise<{ shift_id: string; name: string; role: string }[]> {
  const { rows } = await sql<{ shift_id: string; name: string; role: string }>`
    -- Materialised, so each shift's earliest overlapping start is a plain value: under row-level
    -- security a bound that computes (timestamptz - interval is not leakproof) stays a filter,
    -- and the department's whole history would be read. No shift is longer than 24 hours (a
    -- table check), so an overlapping one starts less than 24 hours before this one.
    with mine as materialized (
      select m.id, m.company_id, m.department_id, m.user_id, m.start_at, m.end_at, m.start_at - interval '24 hours' as earliest
      from rota_shifts m
      where m.company_id = ${input.companyId} and m.id = any(${uuids(input.shiftIds)}::uuid[])
    )
    select mine.id as shift_id, u.first_name || ' ' || u.surname as name, other.role
    from mine
    cross join lateral (
      select o.user_id, o.role, o.start_at from rota_shifts o
      where o.company_id = mine.company_id and o.department_id = mine.department_id
        and o.start_at > mine.earliest and o.start_at < mine.end_at and o.end_at > mine.start_at
        and o.id <> mine.id and o.published and o.user_id is not null and o.user_id <> mine.user_id
    ) other
    join users u on u.id = other.user_id
    order by other.start_at, u.first_name`.execute(trx);
  return rows;
}

/** The people a grid may show: employed, of the departments in reach, with their hourly rate on `date`. */
export async function findRotaPeople(
  trx: DbOrTrx,
  input: { companyId: string; departmentIds: readonly string[] | null; departmentId?: string; date: string },
): Promise<RotaPerson[]> {
  const inDepartments = (ids: readonly string[]) => sql`(u.department_id = any(${uuids(ids)}::uuid[])
    or exists (select 1 from user_departments ud where ud.user_id = u.id and ud.department_id = any(${uuids(ids)}::uuid[])))`;
  const conditions: RawBuilder<unknown>[] = [
    sql`u.company_id = ${input.companyId}`,
    sql`(u.status = 'active' or (u.status = 'terminated' and u.termination_date >= ${input.date}::date))`,
  ];
  if (input.departmentIds) conditions.push(inDepartments(input.departmentIds));
  if (input.departmentId) conditions.push(inDepartments([input.departmentId]));
  const { rows } = await sql<RotaPerson>`
    select u.id, u.first_name || ' ' || u.surname as name, u.department_id,
      (select p.amount from user_pay_rates p where p.user_id = u.id and p.company_id = u.company_id and p.unit = 'hour'
        and p.start_date <= ${input.date}::date and (p.end_date is null or p.end_date >= ${input.date}::date)
        order by p.start_date desc limit 1) as hourly_rate,
      coalesce(e.working_time_opt_out, false) as working_time_opt_out
    from users u
    left join user_employment_details e on e.user_id = u.id and e.company_id = u.company_id
    where ${sql.join(conditions, sql` and `)}
    order by lower(u.first_name), lower(u.surname), u.id
    limit 1000`.execute(trx);
  return rows;
}

/** The person's departments (own and further), and what the working-time rules need of them; undefined when not of the company. */
export async function findShiftPerson(
  trx: DbOrTrx,
  input: { companyId: string; userId: string },
): Promise<(WorkingTimePerson & { department_ids: string[]; name: string }) | undefined> {
  const { rows } = await sql<WorkingTimePerson & { department_ids: string[]; name: string }>`
    select u.first_name || ' ' || u.surname as name, pd.date_of_birth::text as date_of_birth,
      coalesce(e.working_time_opt_out, false) as opted_out, e.start_date::text as employment_start,
      array(select u.department_id where u.department_id is not null
        union select ud.department_id from user_departments ud where ud.user_id = u.id)::text[] as department_ids
    from users u
    left join user_personal_details pd on pd.user_id = u.id and pd.company_id = u.company_id
    left join user_employment_details e on e.user_id = u.id and e.company_id = u.company_id
    where u.company_id = ${input.companyId} and u.id = ${input.userId} and u.status in ('active', 'invited', 'pending')`.execute(trx);
  return rows[0];
}

/** The person's shifts (any state) starting between `from` and `to`, London dates. */
export async function findPersonShiftTimes(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; from: string; to: string },
): Promise<ShiftTimes[]> {
  const { start, end } = rangeInstants(input.from, input.to);
  const { rows } = await sql<{ id: string; start_at: Date; end_at: Date; break_minutes: number }>`
    select id, start_at, end_at, break_minutes from rota_shifts
    where company_id = ${input.companyId} and user_id = ${input.userId}
      and start_at >= ${start}::timestamptz and start_at < ${end}::timestamptz`.execute(trx);
  return rows.map((row) => ({ ...row, start_at: row.start_at.toISOString(), end_at: row.end_at.toISOString() }));
}

export async function insertShift(
  trx: Trx,
  input: { companyId: string; createdBy: string; shift: ShiftInput },
): Promise<string | undefined> {
  const s = input.shift;
  const { rows } = await sql<{ id: string }>`
    insert into rota_shifts (id, company_id, user_id, department_id, location_id, start_at, end_at, break_minutes, role, notes, colour,
      override_reason, created_by)
    values (coalesce(${s.id ?? null}::uuid, gen_random_uuid()), ${input.companyId}, ${s.user_id}, ${s.department_id}, ${s.location_id},
      ${s.start_at}::timestamptz, ${s.end_at}::timestamptz, ${s.break_minutes}, ${s.role}, ${s.notes}, ${s.colour},
      ${s.override_reason || null}, ${input.createdBy})
    on conflict (id) do nothing
    returning id`.execute(trx);
  return rows[0]?.id;
}

/** Updates the shift; a published one is marked changed so the next publish tells people again. */
export async function updateShift(trx: Trx, input: { companyId: string; id: string; shift: ShiftInput }): Promise<boolean> {
  const s = input.shift;
  const result = await sql`
    update rota_shifts set user_id = ${s.user_id}, department_id = ${s.department_id}, location_id = ${s.location_id},
      start_at = ${s.start_at}::timestamptz, end_at = ${s.end_at}::timestamptz, break_minutes = ${s.break_minutes},
      role = ${s.role}, notes = ${s.notes}, colour = ${s.colour}, override_reason = ${s.override_reason || null},
      changed_after_publish = published, updated_at = now()
    where company_id = ${input.companyId} and id = ${input.id}`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function deleteShift(trx: Trx, input: { companyId: string; id: string }): Promise<boolean> {
  const result = await sql`delete from rota_shifts where company_id = ${input.companyId} and id = ${input.id}`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Publishes the drafts and re-publishes changed shifts in range; the people to tell, with how many of their shifts. */
export async function publishShifts(
  trx: Trx,
  filter: Omit<ShiftFilter, 'publishedOnly'>,
): Promise<{ published: number; people: { user_id: string; shifts: number }[] }> {
  const conditions = shiftConditions({ ...filter, publishedOnly: false });
  const { rows } = await sql<{ user_id: string | null }>`
    update rota_shifts s set published = true, published_at = now(), changed_after_publish = false, updated_at = now()
    where ${sql.join(conditions, sql` and `)} and (not s.published or s.changed_after_publish)
    returning s.user_id`.execute(trx);
  const counts = new Map<string, number>();
  for (const row of rows) if (row.user_id) counts.set(row.user_id, (counts.get(row.user_id) ?? 0) + 1);
  return { published: rows.length, people: [...counts].map(([user_id, shifts]) => ({ user_id, shifts })) };
}

/** Gives an open published shift to the claimant; false when it is no longer open. */
export async function claimShift(trx: Trx, input: { companyId: string; id: string; userId: string }): Promise<boolean> {
  const result = await sql`
    update rota_shifts set user_id = ${input.userId}, updated_at = now()
    where company_id = ${input.companyId} and id = ${input.id} and user_id is null and published`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Takes the person off the shift, which stays as it was (published or draft) for someone else to take. */
export async function makeShiftOpen(trx: Trx, input: { companyId: string; id: string }): Promise<boolean> {
  const result = await sql`update rota_shifts set user_id = null, updated_at = now()
    where company_id = ${input.companyId} and id = ${input.id} and user_id is not null`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function reassignShift(trx: Trx, input: { companyId: string; id: string; userId: string }): Promise<void> {
  await sql`update rota_shifts set user_id = ${input.userId}, updated_at = now()
    where company_id = ${input.companyId} and id = ${input.id}`.execute(trx);
}

/** Copies the shifts of one week onto another (as drafts), moved by whole days; how many were copied. */
export async function copyShifts(
  trx: Trx,
  input: { companyId: string; departmentId: string; fromWeek: string; toWeek: string; days: number; createdBy: string },
): Promise<number> {
  const { start, end } = rangeInstants(input.fromWeek, addDays(input.fromWeek, 6));
  // Moving by calendar days in London time keeps 09:00 at 09:00 across a clock change.
  const result = await sql`
    insert into rota_shifts (company_id, user_id, department_id, location_id, start_at, end_at, break_minutes, role, notes, colour, created_by)
    select company_id, user_id, department_id, location_id,
      ((start_at at time zone 'Europe/London') + ${input.days} * interval '1 day') at time zone 'Europe/London',
      ((end_at at time zone 'Europe/London') + ${input.days} * interval '1 day') at time zone 'Europe/London',
      break_minutes, role, notes, colour, ${input.createdBy}
    from rota_shifts
    where company_id = ${input.companyId} and department_id = ${input.departmentId}
      and start_at >= ${start}::timestamptz and start_at < ${end}::timestamptz`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export async function findRecipients(
  trx: DbOrTrx,
  input: { companyId: string; userIds: string[] },
): Promise<{ id: string; email: string; email_notifications: boolean }[]> {
  const { rows } = await sql<{ id: string; email: string; email_notifications: boolean }>`
    select u.id, u.email, coalesce(st.email_notifications, true) as email_notifications
    from users u left join user_settings st on st.user_id = u.id
    where u.company_id = ${input.companyId} and u.id = any(${uuids(input.userIds)}::uuid[]) and u.status = 'active'`.execute(trx);
  return rows;
}
