import { describe, expect, it } from 'vitest';
import { chatDayLabel, chatTime, startsDay } from './chat-days';

const NOW = new Date('2026-11-27T09:00:00Z');

describe('chat days', () => {
  it('names today, yesterday and older days by their date', () => {
    expect(chatDayLabel('2026-11-27T03:02:00Z', NOW)).toBe('Today');
    expect(chatDayLabel('2026-11-26T06:43:00Z', NOW)).toBe('Yesterday');
    expect(chatDayLabel('2026-11-20T15:00:00Z', NOW)).toBe('Friday 20th November 2026');
  });

  it('starts a day at the first message and wherever the London date changes', () => {
    const messages = [
      { created_at: '2026-11-26T06:43:00Z' },
      { created_at: '2026-11-26T22:00:00Z' },
      { created_at: '2026-11-27T03:02:00Z' },
    ];
    expect(messages.map((_, index) => startsDay(messages, index))).toEqual([true, false, true]);
    // Summer time: 23:30 UTC on 1 July is already 2 July in London.
    expect(chatDayLabel('2026-07-01T23:30:00Z', new Date('2026-07-02T08:00:00Z'))).toBe('Today');
    expect(chatTime('2026-07-01T23:30:00Z')).toBe('00:30');
  });
});
