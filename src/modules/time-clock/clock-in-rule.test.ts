// When "Clock in" is offered: a shift due; or no shift, the company allowing it, and the person
// not working to a rota — someone with no rota who has never clocked included; never while in,
// or with a clock-out still to send.
import { describe, expect, it } from 'vitest';
import { offersClockIn, type ClockInOffer } from './clock-in-rule';

const now = new Date('2026-03-02T08:30:00.000Z');
const base: ClockInOffer = { state: 'out', waitingOut: false, shift: null, lastHadShift: null, clockWithoutShift: true, now };
const shift = (start: string, end: string) => ({ start_at: start, end_at: end });

describe('offersClockIn', () => {
  it('offers it to someone with no rota who has never clocked, where the company allows clocking without a shift', () => {
    expect(offersClockIn(base)).toBe(true);
    expect(offersClockIn({ ...base, lastHadShift: false })).toBe(true);
  });

  it('does not offer it without a shift where the company clocks only against shifts', () => {
    expect(offersClockIn({ ...base, clockWithoutShift: false })).toBe(false);
    expect(offersClockIn({ ...base, clockWithoutShift: false, lastHadShift: false })).toBe(false);
  });

  it('does not offer it, with no shift now, to someone who works to a rota', () => {
    expect(offersClockIn({ ...base, lastHadShift: true })).toBe(false);
  });

  it('offers it for a shift under way or starting within two hours, whatever the company setting', () => {
    expect(offersClockIn({ ...base, clockWithoutShift: false, shift: shift('2026-03-02T10:30:00Z', '2026-03-02T17:00:00Z') })).toBe(true);
    expect(offersClockIn({ ...base, shift: shift('2026-03-02T10:31:00Z', '2026-03-02T17:00:00Z') })).toBe(false);
    expect(offersClockIn({ ...base, shift: shift('2026-03-02T06:00:00Z', '2026-03-02T08:30:00Z') })).toBe(false);
  });

  it('never offers it while clocked in, on a break, or with a clock-out still to send', () => {
    expect(offersClockIn({ ...base, state: 'in' })).toBe(false);
    expect(offersClockIn({ ...base, state: 'on_break' })).toBe(false);
    expect(offersClockIn({ ...base, waitingOut: true })).toBe(false);
  });
});
