// Pure rules of tasks: when reminders fall due, and who may change a task.
import { addDays, londonInstant } from '../../shared/dates';

/** Reminders go out at nine in the morning, London time. */
export const REMINDER_TIME = '09:00';

export type ReminderPlan = { kind: 'before' | 'overdue'; daysBefore: number; dueAt: Date };

/**
 * The reminders of an open task: each "days before" at 09:00 on that day, and, when asked for,
 * one once it is overdue — at its due time, or 09:00 the day after a task with no time.
 */
export function planReminders(task: {
  dueDate: string;
  dueTime: string | null;
  reminderDays: readonly number[];
  remindOverdue: boolean;
}): ReminderPlan[] {
  const plans: ReminderPlan[] = [...new Set(task.reminderDays)]
    .sort((a, b) => b - a)
    .map((days) => ({ kind: 'before' as const, daysBefore: days, dueAt: londonInstant(addDays(task.dueDate, -days), REMINDER_TIME) }));
  if (task.remindOverdue) {
    const dueAt = task.dueTime ? londonInstant(task.dueDate, task.dueTime) : londonInstant(addDays(task.dueDate, 1), REMINDER_TIME);
    plans.push({ kind: 'overdue', daysBefore: 0, dueAt });
  }
  return plans;
}

/**
 * Editing and deleting need the write level over the assignee; at own level (an employee) only
 * a task they made themselves. Completing needs only the write level over the assignee.
 */
export function mayEditTask(input: { level: string | null; reaches: boolean; createdBy: string | null; userId: string }): boolean {
  if (!input.reaches || input.level === null) return false;
  return input.level !== 'own' || input.createdBy === input.userId;
}

/** The text of a reminder. */
export function reminderText(input: { kind: 'before' | 'overdue'; daysBefore: number; title: string; dueDate: string }): string {
  if (input.kind === 'overdue') return `Overdue: ${input.title}`;
  if (input.daysBefore === 1) return `Due tomorrow: ${input.title}`;
  return `Due in ${input.daysBefore} days: ${input.title}`;
}
