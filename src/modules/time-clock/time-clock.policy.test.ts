import { describe, expect, it } from 'vitest';
import { plausibleTime, refusalOf, shiftDue, stateAfter, summarise } from './time-clock.policy';
import { timeClockMessages } from './time-clock.contract';

const at = (time: string) => new Date(`2026-03-02T${time}:00Z`);

describe('a device time', () => {
  const receivedAt = at('12:00');
  const check = (device: string, previous: string | null, maxDriftMinutes = 60) =>
    plausibleTime({ deviceTime: at(device), receivedAt, previousAt: previous ? at(previous) : null, maxDriftMinutes });

  it('is kept when not in the future, after the previous event and within the drift', () => {
    expect(check('11:30', '09:00')).toEqual({ at: at('11:30'), flag: null });
    // A phone a few seconds ahead is not the future.
    expect(
      plausibleTime({ deviceTime: new Date(receivedAt.getTime() + 30_000), receivedAt, previousAt: null, maxDriftMinutes: 60 }).flag,
    ).toBeNull();
  });

  it('gives way to the receive time, flagged, in the future or too far from its arrival', () => {
    expect(check('12:05', null)).toEqual({ at: receivedAt, flag: 'device_time_future' });
    expect(check('10:30', null)).toEqual({ at: receivedAt, flag: 'device_time_drift' });
    expect(check('10:30', null, 120)).toEqual({ at: at('10:30'), flag: null });
  });

  it('never falls before the previous event', () => {
    expect(check('10:55', '11:00')).toEqual({ at: at('11:00'), flag: 'device_time_out_of_order' });
  });
});

describe('the clock', () => {
  it('allows each event only after the one it follows', () => {
    expect(stateAfter([])).toBe('out');
    expect(stateAfter(['clock_in', 'break_start'])).toBe('on_break');
    expect(refusalOf('out', 'break_start')).toBe(timeClockMessages.notIn);
    expect(refusalOf('in', 'clock_in')).toBe(timeClockMessages.alreadyIn);
    expect(refusalOf('on_break', 'break_start')).toBe(timeClockMessages.onBreak);
    expect(refusalOf('in', 'break_end')).toBe(timeClockMessages.notOnBreak);
    expect(refusalOf('on_break', 'clock_out')).toBeNull();
  });

  it('adds up worked time less breaks, ending a break left open at the clock-out', () => {
    const summary = summarise(
      [
        { kind: 'clock_in', at: at('09:00') },
        { kind: 'break_start', at: at('12:00') },
        { kind: 'break_end', at: at('12:30') },
        { kind: 'break_start', at: at('16:45') },
        { kind: 'clock_out', at: at('17:00') },
      ],
      at('18:00'),
    );
    expect(summary).toMatchObject({ breakMinutes: 45, workedMinutes: 435, onBreak: false });
    expect(
      summarise(
        [
          { kind: 'clock_in', at: at('09:00') },
          { kind: 'break_start', at: at('10:00') },
        ],
        at('10:20'),
      ),
    ).toMatchObject({
      workedMinutes: 60,
      openBreakMinutes: 20,
      onBreak: true,
    });
  });
});

describe('a shift to clock in for', () => {
  const shift = { start_at: at('09:00').toISOString(), end_at: at('17:00').toISOString() };
  it('is due from two hours before its start until its end', () => {
    expect(shiftDue(shift, at('06:59'))).toBe(false);
    expect(shiftDue(shift, at('07:00'))).toBe(true);
    expect(shiftDue(shift, at('16:59'))).toBe(true);
    expect(shiftDue(shift, at('17:00'))).toBe(false);
  });
});
