// The clock's pure rules: which event may follow which, whether a device's time is kept
// (not in the future, not before the previous event, within the company's drift of when it
// arrived), what an entry's events add up to, and who may approve whose time.
import { minutesBetween, timeClockMessages, type ClockEventKind, type ClockFlag } from './time-clock.contract';

/** A phone's clock a little ahead of the server's is not "the future". */
export const FUTURE_TOLERANCE_MS = 60_000;
export const DEFAULT_MAX_DRIFT_MINUTES = 24 * 60;
export const DEFAULT_REMINDER_GRACE_MINUTES = 30;
/** A clock-in belongs to a shift under way or starting within this many minutes (and "Clock in" is offered then). */
export const CLOCK_IN_EARLY_MINUTES = 120;

/** Whether a shift can be clocked in for at `now`: under way, or starting within CLOCK_IN_EARLY_MINUTES. */
export function shiftDue(shift: { start_at: string; end_at: string }, now: Date): boolean {
  const at = now.getTime();
  return new Date(shift.start_at).getTime() - CLOCK_IN_EARLY_MINUTES * 60_000 <= at && at < new Date(shift.end_at).getTime();
}

export type Plausibility = { at: Date; flag: ClockFlag | null };

/**
 * The time to record for an event: the device's when plausible, else (flagged for the manager)
 * the receive time — or the previous event's time for one that would fall before it, so the
 * entry's events stay in order.
 */
export function plausibleTime(input: {
  deviceTime: Date;
  receivedAt: Date;
  previousAt: Date | null;
  maxDriftMinutes: number;
}): Plausibility {
  const { deviceTime, receivedAt, previousAt, maxDriftMinutes } = input;
  if (deviceTime.getTime() > receivedAt.getTime() + FUTURE_TOLERANCE_MS) {
    const at = previousAt && previousAt > receivedAt ? previousAt : receivedAt;
    return { at, flag: 'device_time_future' };
  }
  if (previousAt && deviceTime.getTime() < previousAt.getTime()) return { at: previousAt, flag: 'device_time_out_of_order' };
  if (receivedAt.getTime() - deviceTime.getTime() > maxDriftMinutes * 60_000) {
    return { at: previousAt && previousAt > receivedAt ? previousAt : receivedAt, flag: 'device_time_drift' };
  }
  return { at: deviceTime, flag: null };
}

export type ClockState = 'out' | 'in' | 'on_break';

/** The state after an entry's events (none: out). */
export function stateAfter(kinds: readonly ClockEventKind[]): ClockState {
  let state: ClockState = 'out';
  for (const kind of kinds) {
    if (kind === 'clock_in' || kind === 'break_end') state = 'in';
    else if (kind === 'break_start') state = 'on_break';
    else state = 'out';
  }
  return state;
}

/** Why `kind` may not come next in `state`, or null when it may. */
export function refusalOf(state: ClockState, kind: ClockEventKind): string | null {
  switch (kind) {
    case 'clock_in':
      return state === 'out' ? null : timeClockMessages.alreadyIn;
    case 'break_start':
      if (state === 'out') return timeClockMessages.notIn;
      return state === 'on_break' ? timeClockMessages.onBreak : null;
    case 'break_end':
      if (state === 'out') return timeClockMessages.notIn;
      return state === 'on_break' ? null : timeClockMessages.notOnBreak;
    case 'clock_out':
      return state === 'out' ? timeClockMessages.notIn : null;
  }
}

export type TimedEvent = { kind: ClockEventKind; at: Date | string };

/** An entry's clock-in, clock-out and minutes of breaks (an unfinished break counted to `now`), from its events in order. */
export function summarise(events: readonly TimedEvent[], now: Date = new Date()) {
  let clockIn: Date | null = null;
  let clockOut: Date | null = null;
  let breakMinutes = 0;
  let breakFrom: Date | null = null;
  for (const event of events) {
    const at = new Date(event.at);
    if (event.kind === 'clock_in') clockIn = at;
    else if (event.kind === 'break_start') breakFrom = at;
    else if (event.kind === 'break_end' && breakFrom) {
      breakMinutes += minutesBetween(breakFrom, at);
      breakFrom = null;
    } else if (event.kind === 'clock_out') {
      clockOut = at;
      if (breakFrom) {
        breakMinutes += minutesBetween(breakFrom, at);
        breakFrom = null;
      }
    }
  }
  const onBreak = breakFrom !== null;
  const end = clockOut ?? now;
  const openBreak = breakFrom ? minutesBetween(breakFrom, end) : 0;
  const worked = clockIn ? Math.max(0, minutesBetween(clockIn, end) - breakMinutes - openBreak) : 0;
  return { clockIn, clockOut, breakMinutes, onBreak, workedMinutes: worked, openBreakMinutes: openBreak };
}

/** Worked minutes of a closed entry: clocked time less its breaks. */
export function workedMinutes(clockIn: Date | string, clockOut: Date | string, breakMinutes: number): number {
  return Math.max(0, minutesBetween(clockIn, clockOut) - breakMinutes);
}

/** Lateness in minutes against the shift start (0 on time or early). */
export function lateMinutes(clockIn: Date | string, shiftStart: Date | string): number {
  return minutesBetween(shiftStart, clockIn);
}

/** Leaving early in minutes against the shift end (0 at or after it). */
export function earlyMinutes(clockOut: Date | string, shiftEnd: Date | string): number {
  return minutesBetween(clockOut, shiftEnd);
}

/** Nobody approves or edits their own time. */
export function mayApproveEntry(actorId: string, entryUserId: string): boolean {
  return actorId !== entryUserId;
}
