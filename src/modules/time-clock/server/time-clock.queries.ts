// The time clock's SQL: settings, entries and their events, the week's timesheets, edits,
// approval, payroll's approved hours, and the sweeps of the forgotten clock-out job. The rota's
// shifts it reads are in time-clock-shifts.queries.ts.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { ClockFlag } from '../time-clock.contract';
import { DEFAULT_MAX_DRIFT_MINUTES, DEFAULT_REMINDER_GRACE_MINUTES } from '../time-clock.policy';
import { reachOf } from './time-clock-in-now.queries';
import './time-clock-tables';

export type EntryRow = {
  id: string;
  company_id: string;
  user_id: string;
  shift_id: string | null;
  clock_in_at: Date;
  clock_out_at: Date | null;
  break_minutes: number;
  worked_minutes: number | null;
  flags: ClockFlag[];
  approval: 'pending' | 'approved';
  approved_by: string | null;
  approved_at: Date | null;
  payroll_period_id: string | null;
};

export type EventRow = {
  id: string;
  entry_id: string;
  kind: 'clock_in' | 'break_start' | 'break_end' | 'clock_out';
  at: Date;
  recorded_at: Date;
  device_time: Date | null;
  received_at: Date;
  flag: ClockFlag | null;
};

const ENTRY_COLUMNS = [
  'id',
  'company_id',
  'user_id',
  'shift_id',
  'clock_in_at',
  'clock_out_at',
  'break_minutes',
  'worked_minutes',
  'flags',
  'approval',
  'approved_by',
  'approved_at',
  'payroll_period_id',
] as const;

export async function findSettings(
  trx: DbOrTrx,
  companyId: string,
): Promise<{ max_drift_minutes: number; reminder_grace_minutes: number }> {
  const row = await trx
    .selectFrom('time_clock_settings')
    .select(['max_drift_minutes', 'reminder_grace_minutes'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ?? { max_drift_minutes: DEFAULT_MAX_DRIFT_MINUTES, reminder_grace_minutes: DEFAULT_REMINDER_GRACE_MINUTES };
}

export async function saveSettings(
  trx: DbOrTrx,
  input: { companyId: string; max_drift_minutes: number; reminder_grace_minutes: number },
): Promise<void> {
  const values = { max_drift_minutes: input.max_drift_minutes, reminder_grace_minutes: input.reminder_grace_minutes };
  await trx
    .insertInto('time_clock_settings')
    .values({ company_id: input.companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** The person's open entry, locked for the event being added when `lock`. */
export async function findOpenEntry(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; lock?: boolean },
): Promise<EntryRow | undefined> {
  let query = trx
    .selectFrom('time_clock_entries')
    .select(ENTRY_COLUMNS)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .where('clock_out_at', 'is', null);
  if (input.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findLastEntry(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<EntryRow | undefined> {
  return trx
    .selectFrom('time_clock_entries')
    .select(ENTRY_COLUMNS)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .where('clock_out_at', 'is not', null)
    .orderBy('clock_out_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findEntry(trx: DbOrTrx, input: { companyId: string; id: string; lock?: boolean }): Promise<EntryRow | undefined> {
  let query = trx
    .selectFrom('time_clock_entries')
    .select(ENTRY_COLUMNS)
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id);
  if (input.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The time of the person's latest event (of any entry): a new event may not fall before it. */
/**
 * The time of the person's latest event, found through their entries (the person index) and
 * each entry's events (the entry index): events have no index by person, and a filter on
 * the events' user_id read every event of every company (a full scan on each clock event).
 */
export async function findLatestEventAt(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    SELECT max(ev.at) AS at
    FROM time_clock_entries e JOIN time_clock_events ev ON ev.entry_id = e.id
    WHERE e.company_id = ${input.companyId} AND e.user_id = ${input.userId}`.execute(trx);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

export async function insertEntry(
  trx: Trx,
  values: { companyId: string; userId: string; shiftId: string | null; clockInAt: Date; flags: ClockFlag[] },
): Promise<string> {
  const row = await trx
    .insertInto('time_clock_entries')
    .values({
      company_id: values.companyId,
      user_id: values.userId,
      shift_id: values.shiftId,
      clock_in_at: values.clockInAt,
      flags: values.flags,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEntry(
  trx: Trx,
  input: {
    companyId: string;
    id: string;
    values: Partial<Omit<EntryRow, 'id' | 'company_id' | 'user_id' | 'shift_id' | 'payroll_period_id'> & { reminded_at: Date | null }>;
  },
): Promise<void> {
  await trx
    .updateTable('time_clock_entries')
    .set({ ...input.values, updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function insertEvent(
  trx: Trx,
  values: {
    companyId: string;
    entryId: string;
    userId: string;
    kind: EventRow['kind'];
    at: Date;
    deviceTime: Date | null;
    receivedAt: Date;
    flag: ClockFlag | null;
    source?: 'device' | 'auto_close';
  },
): Promise<string> {
  const row = await trx
    .insertInto('time_clock_events')
    .values({
      company_id: values.companyId,
      entry_id: values.entryId,
      user_id: values.userId,
      kind: values.kind,
      at: values.at,
      recorded_at: values.at,
      device_time: values.deviceTime,
      received_at: values.receivedAt,
      flag: values.flag,
      source: values.source ?? 'device',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves an entry's clock-in or clock-out event to a manager's time (its recorded_at stays). */
export async function moveEvent(
  trx: Trx,
  input: { companyId: string; entryId: string; kind: 'clock_in' | 'clock_out'; at: Date },
): Promise<void> {
  await trx
    .updateTable('time_clock_events')
    .set({ at: input.at })
    .where('company_id', '=', input.companyId)
    .where('entry_id', '=', input.entryId)
    .where('kind', '=', input.kind)
    .execute();
}

export async function findEvents(trx: DbOrTrx, input: { companyId: string; entryIds: readonly string[] }): Promise<EventRow[]> {
  if (input.entryIds.length === 0) return [];
  return trx
    .selectFrom('time_clock_events')
    .select(['id', 'entry_id', 'kind', 'at', 'recorded_at', 'device_time', 'received_at', 'flag'])
    .where('company_id', '=', input.companyId)
    .where('entry_id', 'in', [...input.entryIds])
    .orderBy('at')
    .orderBy('created_at')
    .execute();
}

export type TimesheetPersonRow = { user_id: string; name: string; department_name: string | null };

/**
 * People with an entry or a published shift in [from, to), in the caller's reach: everyone
 * (company), the caller's departments (department), or only the caller (own).
 */
export async function findTimesheetPeople(
  trx: DbOrTrx,
  input: {
    companyId: string;
    from: Date;
    to: Date;
    level: 'own' | 'department' | 'company';
    callerId: string;
    departmentIds: readonly string[];
    userId?: string;
    departmentId?: string;
  },
): Promise<TimesheetPersonRow[]> {
  const reach = reachOf(input);
  const { rows } = await sql<TimesheetPersonRow>`
    SELECT u.id AS user_id, u.first_name || ' ' || u.surname AS name, d.name AS department_name
    FROM users u LEFT JOIN departments d ON d.id = u.department_id
    WHERE u.company_id = ${input.companyId} AND ${reach}
      ${input.userId ? sql`AND u.id = ${input.userId}` : sql``}
      ${input.departmentId ? sql`AND u.department_id = ${input.departmentId}` : sql``}
      AND (EXISTS (SELECT 1 FROM time_clock_entries e WHERE e.user_id = u.id AND e.company_id = u.company_id
                   AND e.clock_in_at >= ${input.from} AND e.clock_in_at < ${input.to})
        OR EXISTS (SELECT 1 FROM rota_shifts s WHERE s.user_id = u.id AND s.company_id = u.company_id AND s.published
                   AND s.start_at >= ${input.from} AND s.start_at < ${input.to}))
    ORDER BY u.first_name, u.surname
    LIMIT 500`.execute(trx);
  return rows;
}

export type TimesheetEntryRow = EntryRow & { approved_by_name: string | null };

export async function findEntriesIn(
  trx: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; from: Date; to: Date },
): Promise<TimesheetEntryRow[]> {
  if (input.userIds.length === 0) return [];
  const { rows } = await sql<TimesheetEntryRow>`
    SELECT e.id, e.company_id, e.user_id, e.shift_id, e.clock_in_at, e.clock_out_at, e.break_minutes, e.worked_minutes,
      e.flags, e.approval, e.approved_by, e.approved_at, e.payroll_period_id,
      a.first_name || ' ' || a.surname AS approved_by_name
    FROM time_clock_entries e LEFT JOIN users a ON a.id = e.approved_by
    WHERE e.company_id = ${input.companyId} AND e.user_id IN (${sql.join(input.userIds)})
      AND e.clock_in_at >= ${input.from} AND e.clock_in_at < ${input.to}
    ORDER BY e.clock_in_at`.execute(trx);
  return rows;
}

export type EditRow = {
  entry_id: string;
  field: string;
  from_value: string | null;
  to_value: string | null;
  reason: string;
  edited_by_name: string;
  created_at: Date;
};

export async function findEdits(trx: DbOrTrx, input: { companyId: string; entryIds: readonly string[] }): Promise<EditRow[]> {
  if (input.entryIds.length === 0) return [];
  const { rows } = await sql<EditRow>`
    SELECT x.entry_id, x.field, x.from_value, x.to_value, x.reason, coalesce(u.first_name || ' ' || u.surname, '') AS edited_by_name, x.created_at
    FROM time_clock_edits x LEFT JOIN users u ON u.id = x.edited_by
    WHERE x.company_id = ${input.companyId} AND x.entry_id IN (${sql.join(input.entryIds)})
    ORDER BY x.created_at`.execute(trx);
  return rows;
}

export async function insertEdit(
  trx: Trx,
  values: {
    companyId: string;
    entryId: string;
    field: 'clock_in_at' | 'clock_out_at' | 'break_minutes';
    from: string | null;
    to: string | null;
    reason: string;
    editedBy: string;
  },
): Promise<void> {
  await trx
    .insertInto('time_clock_edits')
    .values({
      company_id: values.companyId,
      entry_id: values.entryId,
      field: values.field,
      from_value: values.from,
      to_value: values.to,
      reason: values.reason,
      edited_by: values.editedBy,
    })
    .execute();
}

export type PayableEntryRow = { id: string; user_id: string; date: string; worked_minutes: number };

/** Approved, closed entries not yet exported, clocked in up to the window's end (London dates). */
export async function findPayableEntries(trx: DbOrTrx, window: { companyId: string; to: string }): Promise<PayableEntryRow[]> {
  const { rows } = await sql<PayableEntryRow>`
    SELECT e.id, e.user_id, to_char(e.clock_in_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS date, e.worked_minutes
    FROM time_clock_entries e
    WHERE e.company_id = ${window.companyId} AND e.approval = 'approved' AND e.clock_out_at IS NOT NULL
      AND e.worked_minutes IS NOT NULL AND e.payroll_period_id IS NULL
      AND (e.clock_in_at AT TIME ZONE 'Europe/London')::date <= ${window.to}::date
    ORDER BY e.user_id, e.clock_in_at`.execute(trx);
  return rows;
}

export async function stampExported(trx: DbOrTrx, input: { companyId: string; periodId: string; ids: readonly string[] }): Promise<void> {
  if (input.ids.length === 0) return;
  await trx
    .updateTable('time_clock_entries')
    .set({ payroll_period_id: input.periodId, exported_at: new Date(), updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', 'in', [...input.ids])
    .execute();
}

export type OpenEntryDue = {
  id: string;
  company_id: string;
  user_id: string;
  shift_end: Date | null;
  reminded_at: Date | null;
  grace: number;
};

/** Open entries of every company whose shift ended (or, without a shift, clocked in over 16 hours ago): the job's sweep. */
export async function findOpenEntriesDue(trx: DbOrTrx, now: Date): Promise<OpenEntryDue[]> {
  const { rows } = await sql<OpenEntryDue>`
    SELECT e.id, e.company_id, e.user_id, s.end_at AS shift_end, e.reminded_at,
      coalesce(t.reminder_grace_minutes, 30) AS grace
    FROM time_clock_entries e
    LEFT JOIN rota_shifts s ON s.id = e.shift_id
    LEFT JOIN time_clock_settings t ON t.company_id = e.company_id
    WHERE e.clock_out_at IS NULL
      AND ((s.end_at IS NOT NULL AND s.end_at < ${now}) OR (s.end_at IS NULL AND e.clock_in_at < ${now}::timestamptz - interval '16 hours'))
    ORDER BY e.clock_in_at
    LIMIT 1000`.execute(trx);
  return rows;
}
