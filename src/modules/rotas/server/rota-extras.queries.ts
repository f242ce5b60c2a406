// The SQL of swaps, week templates, the company's rota settings, the opt-out of the 48-hour
// average, and the personal iCalendar feed. Every query filters by company besides
// row-level security (the feed's owner is found by token in the system scope).
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import { addDays } from '../../../shared/dates';
import type { RotaSettings, RotaTemplate, Swap } from '../rotas.contract';
import { getShift, rangeInstants } from './rota-shifts.queries';

const NONE = '00000000-0000-0000-0000-000000000000';
const uuids = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NONE]);

// ---- Swaps --------------------------------------------------------------------------------

type SwapRow = Omit<Swap, 'shift' | 'created_at'> & { shift_id: string; department_id: string; created_at: Date };

/** Open and recent swaps: of the caller's departments (or all), or those they offered or accepted. */
export async function findSwaps(
  trx: DbOrTrx,
  input: { companyId: string; departmentIds: readonly string[] | null; userId: string; id?: string },
): Promise<(Swap & { department_id: string })[]> {
  const reach = input.departmentIds
    ? sql`(s.department_id = any(${uuids(input.departmentIds)}::uuid[]) or w.offered_by = ${input.userId} or w.accepted_by = ${input.userId})`
    : sql`true`;
  const { rows } = await sql<SwapRow>`
    select w.id, w.shift_id, s.department_id, w.offered_by, o.first_name || ' ' || o.surname as offered_by_name, w.accepted_by,
      case when a.id is null then null else a.first_name || ' ' || a.surname end as accepted_by_name, w.status, w.note, w.created_at
    from rota_swaps w
    join rota_shifts s on s.id = w.shift_id
    join users o on o.id = w.offered_by
    left join users a on a.id = w.accepted_by
    where w.company_id = ${input.companyId} and ${reach}
      ${input.id ? sql`and w.id = ${input.id}` : sql`and (w.status in ('offered', 'accepted') or w.updated_at > now() - interval '14 days')`}
    order by w.created_at desc
    limit 200`.execute(trx);
  const swaps: (Swap & { department_id: string })[] = [];
  for (const row of rows) {
    const shift = await getShift(trx, { companyId: input.companyId, id: row.shift_id });
    if (!shift) continue;
    const { shift_id: _shiftId, created_at, ...rest } = row;
    swaps.push({ ...rest, shift, created_at: created_at.toISOString() });
  }
  return swaps;
}

export async function insertSwap(
  trx: Trx,
  input: { companyId: string; shiftId: string; offeredBy: string; note: string },
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    insert into rota_swaps (company_id, shift_id, offered_by, note)
    values (${input.companyId}, ${input.shiftId}, ${input.offeredBy}, ${input.note})
    on conflict (shift_id) where status in ('offered', 'accepted') do nothing
    returning id`.execute(trx);
  return rows[0]?.id;
}

/** Moves a swap from one of `from` to `to`; false when it was not in one of those states. */
export async function moveSwap(
  trx: Trx,
  input: { companyId: string; id: string; from: Swap['status'][]; to: Swap['status']; acceptedBy?: string; decidedBy?: string },
): Promise<boolean> {
  const result = await sql`
    update rota_swaps set status = ${input.to}, updated_at = now(),
      accepted_by = coalesce(${input.acceptedBy ?? null}::uuid, accepted_by), decided_by = coalesce(${input.decidedBy ?? null}::uuid, decided_by)
    where company_id = ${input.companyId} and id = ${input.id} and status = any(${input.from}::text[])`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

// ---- Templates ----------------------------------------------------------------------------

export async function findTemplates(
  trx: DbOrTrx,
  input: { companyId: string; departmentIds: readonly string[] | null },
): Promise<RotaTemplate[]> {
  const { rows } = await sql<Omit<RotaTemplate, 'created_at'> & { created_at: Date }>`
    select id, name, department_id, jsonb_array_length(shifts)::int as shift_count, created_at from rota_templates
    where company_id = ${input.companyId} ${input.departmentIds ? sql`and department_id = any(${uuids(input.departmentIds)}::uuid[])` : sql``}
    order by name`.execute(trx);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** Saves the department's week (starting `week`, a Monday) as a template: each shift as minutes from Monday 00:00 London time. */
export async function saveTemplate(
  trx: Trx,
  input: { companyId: string; departmentId: string; name: string; week: string; createdBy: string },
): Promise<string | undefined> {
  const { start, end } = rangeInstants(input.week, addDays(input.week, 6));
  const { rows } = await sql<{ id: string }>`
    insert into rota_templates (company_id, department_id, name, shifts, created_by)
    select ${input.companyId}, ${input.departmentId}, ${input.name}, coalesce(jsonb_agg(jsonb_build_object(
        'day', (s.start_at at time zone 'Europe/London')::date - ${input.week}::date,
        'start', to_char(s.start_at at time zone 'Europe/London', 'HH24:MI'),
        'minutes', extract(epoch from s.end_at - s.start_at)::int / 60,
        'user_id', s.user_id, 'location_id', s.location_id, 'break_minutes', s.break_minutes,
        'role', s.role, 'notes', s.notes, 'colour', s.colour) order by s.start_at), '[]'::jsonb), ${input.createdBy}
    from rota_shifts s
    where s.company_id = ${input.companyId} and s.department_id = ${input.departmentId}
      and s.start_at >= ${start}::timestamptz and s.start_at < ${end}::timestamptz
    on conflict (company_id, department_id, name) do update set shifts = excluded.shifts
    returning id`.execute(trx);
  return rows[0]?.id;
}

/** Adds the template's shifts to the week starting `week` as drafts; undefined when there is no such template. */
export async function applyTemplate(
  trx: Trx,
  input: { companyId: string; id: string; week: string; departmentIds: readonly string[] | null; createdBy: string },
): Promise<number | undefined> {
  const { rows: found } = await sql<{ department_id: string }>`select department_id from rota_templates
    where company_id = ${input.companyId} and id = ${input.id}`.execute(trx);
  const template = found[0];
  if (!template || (input.departmentIds && !input.departmentIds.includes(template.department_id))) return undefined;
  const result = await sql`
    insert into rota_shifts (company_id, user_id, department_id, location_id, start_at, end_at, break_minutes, role, notes, colour, created_by)
    select t.company_id, (x->>'user_id')::uuid, t.department_id, (x->>'location_id')::uuid,
      starts.at, starts.at + ((x->>'minutes')::int * interval '1 minute'),
      (x->>'break_minutes')::int, x->>'role', x->>'notes', x->>'colour', ${input.createdBy}
    from rota_templates t
    cross join lateral jsonb_array_elements(t.shifts) x
    cross join lateral (select ((${input.week}::date + (x->>'day')::int) + (x->>'start')::time) at time zone 'Europe/London' as at) starts
    where t.company_id = ${input.companyId} and t.id = ${input.id}
      and (x->>'user_id' is null or exists (select 1 from users u where u.id = (x->>'user_id')::uuid and u.company_id = t.company_id and u.status = 'active'))`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0);
}

// ---- Settings and opt-out -----------------------------------------------------------------

export async function getRotaSettings(trx: DbOrTrx, companyId: string): Promise<RotaSettings> {
  const { rows } = await sql<RotaSettings>`select swaps_need_approval from rota_settings where company_id = ${companyId}`.execute(trx);
  return rows[0] ?? { swaps_need_approval: true };
}

export async function saveRotaSettings(trx: Trx, input: { companyId: string } & RotaSettings): Promise<void> {
  await sql`insert into rota_settings (company_id, swaps_need_approval) values (${input.companyId}, ${input.swaps_need_approval})
    on conflict (company_id) do update set swaps_need_approval = excluded.swaps_need_approval, updated_at = now()`.execute(trx);
}

export async function setOptOut(trx: Trx, input: { companyId: string; userId: string; optOut: boolean }): Promise<void> {
  await sql`insert into user_employment_details (user_id, company_id, working_time_opt_out)
    values (${input.userId}, ${input.companyId}, ${input.optOut})
    on conflict (user_id) do update set working_time_opt_out = excluded.working_time_opt_out`.execute(trx);
}

// ---- The personal iCalendar feed ----------------------------------------------------------

export type FeedShift = {
  id: string;
  start_at: Date;
  end_at: Date;
  role: string;
  department_name: string;
  location_name: string | null;
  notes: string;
  updated_at: Date;
};
export type FeedLeave = { id: string; start_date: string; end_date: string | null; name: string; updated_at: Date };

export async function findFeedEntries(
  trx: Trx,
  input: { companyId: string; userId: string; from: string; to: string },
): Promise<{ shifts: FeedShift[]; leave: FeedLeave[] }> {
  const { start, end } = rangeInstants(input.from, input.to);
  const shifts = await sql<FeedShift>`
    select s.id, s.start_at, s.end_at, s.role, d.name as department_name, l.name as location_name, s.notes, s.updated_at
    from rota_shifts s join departments d on d.id = s.department_id left join company_locations l on l.id = s.location_id
    where s.company_id = ${input.companyId} and s.user_id = ${input.userId} and s.published
      and s.start_at >= ${start}::timestamptz and s.start_at < ${end}::timestamptz
    order by s.start_at limit 3000`.execute(trx);
  const leave = await sql<FeedLeave>`
    select a.id, a.start_date, a.end_date, lt.name, a.updated_at
    from user_absences a join leave_types lt on lt.id = a.leave_type_id
    where a.company_id = ${input.companyId} and a.user_id = ${input.userId} and a.status in ('approved', 'cancellation_requested')
      and a.start_date <= ${input.to}::date and coalesce(a.end_date, ${input.to}::date) >= ${input.from}::date
    order by a.start_date limit 1000`.execute(trx);
  return { shifts: shifts.rows, leave: leave.rows };
}
