import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

const at = (hours: number, minutes = 0) => new Date(2025, 5, 2, hours, minutes);

describe('greetingFor (thresholds 12 and 18)', () => {
  it.each([
    [at(0, 0), 'Good morning'],
    [at(11, 59), 'Good morning'],
    [at(12, 0), 'Good afternoon'],
    [at(17, 59), 'Good afternoon'],
    [at(18, 0), 'Good evening'],
    [at(23, 59), 'Good evening'],
  ])('%s → %s', (now, expected) => {
    expect(greetingFor(now)).toBe(expected);
  });

  it('adds the first name when there is one', () => {
    expect(greetingFor(at(9), 'Olivia')).toBe('Good morning, Olivia');
    expect(greetingFor(at(19), null)).toBe('Good evening');
  });
});
