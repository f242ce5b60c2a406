// What the clock card shows: the server's clock with the taps not yet sent (queued in the
// outbox, or just tapped) laid on top, so a tap with no signal shows at once with its time.
// A clock-out still on its way leaves the card clocked out and waiting: it offers no "Clock in"
// until the server has the clock-out; when it is offered is offersClockIn's rule (clock-in-rule.ts).
import { offersClockIn } from '../clock-in-rule';
import { summarise, stateAfter, type ClockState } from '../time-clock.policy';
import type { ClockEventKind, ClockShift, MyClock } from '../time-clock.contract';

/** A tap the server's clock does not show yet: queued or just tapped, or `sent` but not yet read back. */
export type PendingTap = { key: string; kind: ClockEventKind; device_time: string; sent?: boolean };

export type ClockView = {
  state: ClockState;
  shift: ClockShift | null;
  /** The open entry's events, sent and unsent, in order. */
  events: { kind: ClockEventKind; at: string; unsent: boolean }[];
  clockedInAt: string | null;
  breakSince: string | null;
  workedMinutes: number;
  breakMinutes: number;
  /** Taps still to send (a sent tap the clock does not show yet is not counted). */
  unsent: number;
  /** Clocked out by a tap the server's clock does not show yet: nothing is offered until it does. */
  waitingOut: boolean;
  /** Whether "Clock in" is offered (offersClockIn). */
  mayClockIn: boolean;
  /** The entry just closed (on the server or by an unsent clock-out), with its shift. */
  last: { from: string; to: string; workedMinutes: number; shift: ClockShift | null } | null;
};

const sameTap = (a: { kind: string; at: string }, b: PendingTap) =>
  a.kind === b.kind && new Date(a.at).getTime() === new Date(b.device_time).getTime();

export function clockView(clock: MyClock | undefined, taps: readonly PendingTap[], now: Date): ClockView {
  const serverEvents = (clock?.open?.events ?? []).map((event) => ({
    kind: event.kind,
    at: event.at,
    device: event.device_time ?? event.at,
  }));
  const sentDevices = [...(clock?.open?.events ?? []), ...(clock?.last?.events ?? [])].map((event) => ({
    kind: event.kind,
    at: event.device_time ?? event.at,
  }));
  const unsentTaps = [...taps]
    .filter((tap, index, all) => all.findIndex((other) => other.key === tap.key) === index)
    .filter((tap) => !sentDevices.some((event) => sameTap(event, tap)))
    // A sent tap older than what the clock already shows has been read back (or edited since).
    .filter((tap) => !tap.sent || !sentDevices.some((event) => new Date(event.at) > new Date(tap.device_time)))
    .sort((a, b) => a.device_time.localeCompare(b.device_time));
  let events = serverEvents.map((event) => ({ kind: event.kind, at: event.at, unsent: false }));
  let last: ClockView['last'] = clock?.last?.clock_out_at
    ? {
        from: clock.last.clock_in_at,
        to: clock.last.clock_out_at,
        workedMinutes: clock.last.worked_minutes ?? 0,
        shift: clock.last.shift,
      }
    : null;
  let shift = clock?.open?.shift ?? clock?.shift ?? null;
  let waitingOut = false;
  for (const tap of unsentTaps) {
    if (tap.kind === 'clock_in') {
      events = [];
      waitingOut = false;
    }
    events.push({ kind: tap.kind, at: tap.device_time, unsent: !tap.sent });
    if (tap.kind === 'clock_out') {
      const summary = summarise(events, new Date(tap.device_time));
      // The shift just worked is the closed entry's, not one to clock in for.
      last = { from: events[0]?.at ?? tap.device_time, to: tap.device_time, workedMinutes: summary.workedMinutes, shift };
      shift = null;
      waitingOut = true;
      events = [];
    }
  }
  const state = stateAfter(events.map((event) => event.kind));
  const summary = summarise(events, now);
  const lastBreak = [...events].reverse().find((event) => event.kind === 'break_start');
  return {
    state,
    shift,
    events,
    clockedInAt: events.find((event) => event.kind === 'clock_in')?.at ?? null,
    breakSince: state === 'on_break' ? (lastBreak?.at ?? null) : null,
    workedMinutes: state === 'out' ? 0 : summary.workedMinutes,
    breakMinutes: summary.breakMinutes + summary.openBreakMinutes,
    unsent: unsentTaps.filter((tap) => !tap.sent).length,
    waitingOut,
    mayClockIn: offersClockIn({
      state,
      waitingOut,
      shift,
      lastHadShift: last ? last.shift !== null : null,
      clockWithoutShift: clock?.clock_without_shift ?? true,
      now,
    }),
    last,
  };
}
