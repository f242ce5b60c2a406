import { describe, expect, it } from 'vitest';
import type { InNowPerson } from '../time-clock.contract';
import { inNowLine } from './in-now-view';

const person: InNowPerson = {
  user_id: 'u',
  name: 'Jack Robertson',
  department_name: 'Operations',
  // 09:12 in London (GMT in March before the clocks change).
  clock_in_at: '2026-03-02T09:12:00.000Z',
  break_since: null,
  shift: {
    id: 's',
    start_at: '2026-03-02T09:00:00.000Z',
    end_at: '2026-03-02T17:00:00.000Z',
    break_minutes: 30,
    role: '',
    department_name: 'Operations',
  },
  flags: [],
};

describe('who is in now', () => {
  it('says since when someone is in, how late against their shift, and the shift', () => {
    expect(inNowLine(person)).toEqual({ status: 'In since 09:12', late: '12m late', shift: 'Shift 09:00–17:00, Operations' });
  });

  it('says since when someone is on a break, and when they clocked without a shift', () => {
    expect(inNowLine({ ...person, clock_in_at: '2026-03-02T08:55:00.000Z', break_since: '2026-03-02T12:30:00.000Z' })).toEqual({
      status: 'On a break since 12:30',
      late: null,
      shift: 'Shift 09:00–17:00, Operations',
    });
    expect(inNowLine({ ...person, shift: null, department_name: null })).toMatchObject({ late: null, shift: 'No shift' });
  });
});
