import { describe, expect, it } from 'vitest';
import { mayEditTask, planReminders, reminderText } from './tasks.policy';

describe('task reminders', () => {
  it('falls at 09:00 London on each day before, and once overdue', () => {
    // Due Monday 12 January 2026 (GMT), no time.
    const plans = planReminders({ dueDate: '2026-01-12', dueTime: null, reminderDays: [1, 7], remindOverdue: true });
    expect(plans.map((plan) => [plan.kind, plan.daysBefore, plan.dueAt.toISOString()])).toEqual([
      ['before', 7, '2026-01-05T09:00:00.000Z'],
      ['before', 1, '2026-01-11T09:00:00.000Z'],
      ['overdue', 0, '2026-01-13T09:00:00.000Z'],
    ]);
  });

  it('uses the due time for the overdue reminder, in British Summer Time too', () => {
    const [overdue] = planReminders({ dueDate: '2026-06-01', dueTime: '14:30', reminderDays: [], remindOverdue: true });
    expect(overdue?.dueAt.toISOString()).toBe('2026-06-01T13:30:00.000Z');
  });

  it('words the reminder by how far off it is', () => {
    expect(reminderText({ kind: 'before', daysBefore: 1, title: 'Fire drill', dueDate: '2026-01-12' })).toBe('Due tomorrow: Fire drill');
    expect(reminderText({ kind: 'before', daysBefore: 7, title: 'Fire drill', dueDate: '2026-01-12' })).toBe('Due in 7 days: Fire drill');
    expect(reminderText({ kind: 'overdue', daysBefore: 0, title: 'Fire drill', dueDate: '2026-01-12' })).toBe('Overdue: Fire drill');
  });
});

describe('who may edit a task', () => {
  it('lets managers edit what they reach and employees only what they made', () => {
    expect(mayEditTask({ level: 'department', reaches: true, createdBy: 'x', userId: 'me' })).toBe(true);
    expect(mayEditTask({ level: 'own', reaches: true, createdBy: 'x', userId: 'me' })).toBe(false);
    expect(mayEditTask({ level: 'own', reaches: true, createdBy: 'me', userId: 'me' })).toBe(true);
    expect(mayEditTask({ level: 'company', reaches: false, createdBy: 'me', userId: 'me' })).toBe(false);
  });
});
