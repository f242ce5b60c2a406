import { describe, expect, it } from 'vitest';
import { incapacityDaysText } from './incident-parts';

describe('incapacityDaysText', () => {
  it('says "1 day", never "1 days"', () => {
    expect(incapacityDaysText({ days_from: 'entered', incapacity_days: 1 })).toBe('1 day off work after the accident, as recorded.');
    expect(incapacityDaysText({ days_from: 'absence', incapacity_days: 8 })).toBe(
      '8 days off work after the accident, from the linked sickness absence.',
    );
    expect(incapacityDaysText({ days_from: null, incapacity_days: 0 })).toBe('No days off work recorded.');
  });
});
