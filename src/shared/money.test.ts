import { describe, expect, it } from 'vitest';
import { formatPence, formatPounds } from './money';

describe('formatPounds', () => {
  it('writes pounds the en-GB way: thousands separated, pence always, the minus first', () => {
    expect(formatPounds(1234.5)).toBe('£1,234.50');
    expect(formatPounds(-5)).toBe('-£5.00');
    expect(formatPounds(-1234.567)).toBe('-£1,234.57');
    expect(formatPounds(1_000_000)).toBe('£1,000,000.00');
    expect(formatPounds(0.1 + 0.2)).toBe('£0.30');
  });

  it('never writes a negative nothing', () => {
    expect(formatPounds(-0)).toBe('£0.00');
    expect(formatPounds(-0.001)).toBe('£0.00');
  });
});

describe('formatPence', () => {
  it('reads pence', () => {
    expect(formatPence(123450)).toBe('£1,234.50');
    expect(formatPence(-500)).toBe('-£5.00');
    expect(formatPence(99)).toBe('£0.99');
  });
});
