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
