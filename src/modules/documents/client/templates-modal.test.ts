// A free field's key comes from its label, in the form the server accepts for merge fields.
import { describe, expect, it } from 'vitest';
import { fieldKeyOf } from './templates-modal';

describe('fieldKeyOf', () => {
  it('turns a label into a lower-case key of letters, digits and _ that starts with a letter', () => {
    expect(fieldKeyOf('Notice period (weeks)')).toBe('notice_period_weeks');
    expect(fieldKeyOf('2nd review date')).toBe('nd_review_date');
    expect(fieldKeyOf('???')).toBe('field');
    expect(fieldKeyOf('A'.repeat(60))).toHaveLength(40);
    expect(fieldKeyOf('Outcome')).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
  });
});
