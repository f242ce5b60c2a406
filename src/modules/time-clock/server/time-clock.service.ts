// The time clock's domain functions for the person on shift: a clock event (device time kept when
// plausible, flagged otherwise; the shift matched at clock-in), the person's clock, and the
// company's settings; the entry views both sides show. The manager's side is timesheets.service.ts.
// Each runs in one tenant transaction that audits and publishes. Exactly-once for queued
// writes comes from the Idempotency-Key every outbox write carries (the idempotency plugin).
import { auditCaller } from '../../../server/audit/audit-entry';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { isUniqueViolation } from '../../../server/db/pg-errors';
import { requireCompany } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { addDays, londonDate, londonInstant } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import {
  TIME_CLOCK_INVALIDATES,
  TIME_CLOCK_RESOURCES,
  timeClockMessages,
  type ClockEntry,
  type ClockEventInput,
  type ClockFlag,
  type ClockShift,
  type MyClock,
  type TimeClockSettings,
} from '../time-clock.contract';
import { plausibleTime, refusalOf, stateAfter, summarise } from '../time-clock.policy';
import {
  findEvents,
  findLastEntry,
  findLatestEventAt,
  findOpenEntry,
  findSettings,
  insertEntry,
  insertEvent,
  saveSettings,
  updateEntry,
  type EntryRow,
  type EventRow,
} from './time-clock.queries';
import { findNextShift, findShiftFor, findShifts, type ShiftRow } from './time-clock-shifts.queries';
import { type ApprovingCaller } from './overtime-offers.service';
import { clockingRules, recordEventLocation, requireClockWithoutShift, withEventLocations } from './time-clock-location';

export type TimeClockCaller = ApprovingCaller & {
  db: Db;
  /** The event comes from a device fixed at the site (a kiosk): there is no phone position to judge. */
  atSite?: boolean;
};

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toShift(row: ShiftRow): ClockShift {
  return {
    id: row.id,
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
    break_minutes: row.break_minutes,
    role: row.role,
    department_name: row.department_name,
  };
}

function toEntry(row: EntryRow, events: readonly EventRow[], shift: ShiftRow | undefined): ClockEntry {
  const summary = summarise(events);
  return {
    id: row.id,
    user_id: row.user_id,
    shift: shift ? toShift(shift) : null,
    clock_in_at: iso(row.clock_in_at),
    clock_out_at: row.clock_out_at ? iso(row.clock_out_at) : null,
    break_minutes: row.clock_out_at ? row.break_minutes : summary.breakMinutes,
    worked_minutes: row.worked_minutes,
    on_break: !row.clock_out_at && summary.onBreak,
    flags: row.flags,
    approval: row.approval,
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      at: iso(event.at),
      device_time: event.device_time ? iso(event.device_time) : null,
      received_at: iso(event.received_at),
      flag: event.flag,
    })),
  };
}

export async function entryViews(trx: Trx, companyId: string, rows: readonly EntryRow[]): Promise<ClockEntry[]> {
  const events = await findEvents(trx, { companyId, entryIds: rows.map((row) => row.id) });
  const shifts = await findShifts(trx, { companyId, ids: rows.flatMap((row) => (row.shift_id ? [row.shift_id] : [])) });
  const views = rows.map((row) =>
    toEntry(
      row,
      events.filter((event) => event.entry_id === row.id),
      shifts.find((shift) => shift.id === row.shift_id),
    ),
  );
  return withEventLocations(trx, companyId, views);
}

export async function published(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: TIME_CLOCK_RESOURCES.clock,
    invalidates: TIME_CLOCK_INVALIDATES,
    companyId,
  });
}

async function myClockIn(trx: Trx, companyId: string, userId: string, now: Date): Promise<MyClock> {
  const open = await findOpenEntry(trx, { companyId, userId });
  const last = open ? undefined : await findLastEntry(trx, { companyId, userId });
  const [openView] = open ? await entryViews(trx, companyId, [open]) : [];
  const [lastView] = last ? await entryViews(trx, companyId, [last]) : [];
  let shift: ClockShift | null = openView?.shift ?? null;
  if (!open) {
    const to = londonInstant(addDays(londonDate(now), 2), '00:00');
    const next = await findNextShift(trx, { companyId, userId, from: now, to });
    shift = next ? toShift(next) : null;
  }
  const rules = await clockingRules(trx, { companyId, userId, shiftId: shift?.id ?? null });
  return { open: openView ?? null, shift, last: lastView ?? null, ...rules };
}

export async function getMyClock(caller: TimeClockCaller, now = new Date()): Promise<MyClock> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, (trx) => myClockIn(trx, companyId, caller.session.userId, now));
}

/** Adds the caller's event; `receivedAt` is when the server got it (a test may give it). */
export async function recordClockEvent(caller: TimeClockCaller, body: ClockEventInput, receivedAt = new Date()): Promise<MyClock> {
  const companyId = requireCompany(caller.session);
  const userId = caller.session.userId;
  try {
    return await withTenant(caller.db, companyId, async (trx) => {
      const settings = await findSettings(trx, companyId);
      const open = await findOpenEntry(trx, { companyId, userId, lock: true });
      const openEvents = open ? await findEvents(trx, { companyId, entryIds: [open.id] }) : [];
      const refusal = refusalOf(stateAfter(openEvents.map((event) => event.kind)), body.kind);
      if (refusal) throw new AppError('conflict', { message: refusal });
      const previousAt = await findLatestEventAt(trx, { companyId, userId });
      const deviceTime = new Date(body.device_time);
      const { at, flag } = plausibleTime({ deviceTime, receivedAt, previousAt, maxDriftMinutes: settings.max_drift_minutes });
      let entryId: string;
      let shiftId = open?.shift_id ?? null;
      if (body.kind === 'clock_in') {
        const shift = await findShiftFor(trx, { companyId, userId, at });
        if (!shift) await requireClockWithoutShift(trx, companyId);
        shiftId = shift?.id ?? null;
        entryId = await insertEntry(trx, { companyId, userId, shiftId: shift?.id ?? null, clockInAt: at, flags: flag ? [flag] : [] });
      } else {
        if (!open) throw new AppError('conflict', { message: timeClockMessages.notIn });
        entryId = open.id;
      }
      const eventId = await insertEvent(trx, { companyId, entryId, userId, kind: body.kind, at, deviceTime, receivedAt, flag });
      if (open) {
        const events = [...openEvents, { kind: body.kind, at }];
        const flags: ClockFlag[] = flag && !open.flags.includes(flag) ? [...open.flags, flag] : open.flags;
        if (body.kind === 'clock_out') {
          const summary = summarise(events, at);
          await updateEntry(trx, {
            companyId,
            id: open.id,
            values: { clock_out_at: at, break_minutes: summary.breakMinutes, worked_minutes: summary.workedMinutes, flags },
          });
        } else if (flags !== open.flags) {
          await updateEntry(trx, { companyId, id: open.id, values: { flags } });
        }
      }
      await recordEventLocation(trx, {
        companyId,
        userId,
        entryId,
        eventId,
        shiftId,
        position: body.location,
        at,
        atSite: caller.atSite === true,
      });
      await auditCaller(trx, caller, {
        companyId,
        action: `time-clock.${body.kind}`,
        targetType: 'time_clock_entry',
        targetId: entryId,
        details: { device_time: body.device_time, at: at.toISOString(), ...(flag ? { flag } : {}) },
      });
      await published(trx, companyId);
      return myClockIn(trx, companyId, userId, receivedAt);
    });
  } catch (error) {
    // Two clock-ins at once (two phones): the one open entry a person may have already exists.
    if (isUniqueViolation(error)) throw new AppError('conflict', { message: timeClockMessages.alreadyIn });
    throw error;
  }
}

export async function getSettings(caller: TimeClockCaller): Promise<TimeClockSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, (trx) => findSettings(trx, companyId));
}

export async function updateSettings(caller: TimeClockCaller, body: TimeClockSettings): Promise<TimeClockSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    await saveSettings(trx, { companyId, ...body });
    await recordCompanyWrite(trx, {
      caller,
      companyId,
      action: 'time-clock.settings',
      targetType: 'company',
      targetId: companyId,
      invalidates: [TIME_CLOCK_RESOURCES.settings],
      details: body,
    });
    return findSettings(trx, companyId);
  });
}
