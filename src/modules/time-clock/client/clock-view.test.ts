import { describe, expect, it } from 'vitest';
import type { MyClock } from '../time-clock.contract';
import { clockView } from './clock-view';

const shift = {
  id: 's',
  start_at: '2026-03-02T09:00:00.000Z',
  end_at: '2026-03-02T17:00:00.000Z',
  break_minutes: 30,
  role: '',
  department_name: 'Kitchen',
};
const clockedIn: MyClock = {
  open: {
    id: 'e',
    user_id: 'u',
    shift,
    clock_in_at: '2026-03-02T09:00:00.000Z',
    clock_out_at: null,
    break_minutes: 0,
    worked_minutes: null,
    on_break: false,
    flags: [],
    approval: 'pending',
    events: [
      {
        id: '1',
        kind: 'clock_in',
        at: '2026-03-02T09:00:00.000Z',
        device_time: '2026-03-02T09:00:00.000Z',
        received_at: '2026-03-02T09:00:00.000Z',
        flag: null,
      },
    ],
  },
  shift,
  last: null,
};

describe('the clock card', () => {
  it('lays the taps not yet sent over the server’s clock, at the phone’s times', () => {
    const now = new Date('2026-03-02T13:00:00Z');
    const onBreak = clockView(clockedIn, [{ key: 'a', kind: 'break_start', device_time: '2026-03-02T12:00:00.000Z' }], now);
    expect(onBreak).toMatchObject({ state: 'on_break', breakSince: '2026-03-02T12:00:00.000Z', workedMinutes: 180, unsent: 1 });
    const out = clockView(
      clockedIn,
      [
        { key: 'a', kind: 'break_start', device_time: '2026-03-02T12:00:00.000Z' },
        { key: 'b', kind: 'break_end', device_time: '2026-03-02T12:30:00.000Z' },
        { key: 'c', kind: 'clock_out', device_time: '2026-03-02T17:00:00.000Z' },
        { key: 'c', kind: 'clock_out', device_time: '2026-03-02T17:00:00.000Z' },
      ],
      now,
    );
    expect(out).toMatchObject({
      state: 'out',
      unsent: 3,
      last: { from: '2026-03-02T09:00:00.000Z', to: '2026-03-02T17:00:00.000Z', workedMinutes: 450 },
    });
  });

  it('drops a tap once the server has it', () => {
    const view = clockView(
      clockedIn,
      [{ key: 'x', kind: 'clock_in', device_time: '2026-03-02T09:00:00.000Z' }],
      new Date('2026-03-02T10:00:00Z'),
    );
    expect(view).toMatchObject({ state: 'in', unsent: 0, workedMinutes: 60 });
  });
});

describe('the clock card after a clock-out with no signal', () => {
  const tomorrow = { ...shift, id: 't', start_at: '2026-03-03T09:00:00.000Z', end_at: '2026-03-03T17:00:00.000Z' };
  const out = { key: 'o', kind: 'clock_out' as const, device_time: '2026-03-02T17:00:00.000Z' };
  const closed: MyClock = {
    open: null,
    shift: null,
    last: {
      ...(clockedIn.open as NonNullable<MyClock['open']>),
      clock_out_at: out.device_time,
      worked_minutes: 480,
      events: [
        ...(clockedIn.open?.events ?? []),
        {
          id: '2',
          kind: 'clock_out',
          at: out.device_time,
          device_time: out.device_time,
          received_at: '2026-03-02T17:20:00.000Z',
          flag: null,
        },
      ],
    },
  };
  const at = new Date('2026-03-02T17:05:00Z');

  it('shows the person clocked out and waiting, and offers no "Clock in" for the shift just worked', () => {
    const view = clockView(clockedIn, [out], at);
    expect(view).toMatchObject({ state: 'out', waitingOut: true, mayClockIn: false, shift: null, unsent: 1 });
    expect(view.last).toMatchObject({ to: out.device_time, workedMinutes: 480, shift: { id: 's' } });
  });

  it('stays clocked out, not back "in", between the outbox sending it and the clock being read again', () => {
    const view = clockView(clockedIn, [{ ...out, sent: true }], at);
    expect(view).toMatchObject({ state: 'out', waitingOut: true, mayClockIn: false, unsent: 0 });
  });

  it('once the server has it, offers "Clock in" only for a shift due (under way or within two hours), or to someone without a rota', () => {
    expect(clockView(closed, [{ ...out, sent: true }], at)).toMatchObject({
      state: 'out',
      waitingOut: false,
      mayClockIn: false,
      unsent: 0,
    });
    // Tomorrow's 09:00 shift is shown but opens at 07:00; an evening shift at 19:00 is due from 17:00.
    expect(clockView({ ...closed, shift: tomorrow }, [], at)).toMatchObject({ mayClockIn: false, shift: { id: 't' } });
    expect(clockView({ ...closed, shift: tomorrow }, [], new Date('2026-03-03T07:00:00Z'))).toMatchObject({ mayClockIn: true });
    const evening = { ...shift, id: 'v', start_at: '2026-03-02T19:00:00.000Z', end_at: '2026-03-02T23:00:00.000Z' };
    expect(clockView({ ...closed, shift: evening }, [], at)).toMatchObject({ mayClockIn: true, shift: { id: 'v' } });
    const noRota: MyClock = { ...closed, last: { ...(closed.last as NonNullable<MyClock['last']>), shift: null } };
    expect(clockView(noRota, [], at)).toMatchObject({ mayClockIn: true, shift: null });
  });

  it('offers "Clock in" to someone with no rota who has never clocked, unless the company clocks only against shifts', () => {
    const never: MyClock = { open: null, shift: null, last: null, clock_without_shift: true };
    expect(clockView(never, [], new Date('2026-03-02T10:00:00Z'))).toMatchObject({ state: 'out', mayClockIn: true, shift: null });
    expect(clockView({ ...never, clock_without_shift: false }, [], new Date('2026-03-02T10:00:00Z'))).toMatchObject({
      mayClockIn: false,
    });
  });

  it('does not lay an old sent tap over a later clock', () => {
    const yesterday = { key: 'y', kind: 'clock_in' as const, device_time: '2026-03-01T09:00:00.000Z', sent: true };
    expect(clockView(closed, [yesterday], at)).toMatchObject({ state: 'out', waitingOut: false, events: [] });
  });
});
