import { describe, expect, it } from 'vitest';
import { absencesOverlap, cancelOutcome, decide, initialStatus, type AbsenceActor } from './leave.policy';

const person: AbsenceActor = { isPerson: true, mayBook: true, mayApprove: false };
const approver: AbsenceActor = { isPerson: false, mayBook: true, mayApprove: true };
const stranger: AbsenceActor = { isPerson: false, mayBook: false, mayApprove: false };

describe('initialStatus', () => {
  it('approves sickness, types without approval and an approver booking for someone else at once', () => {
    expect(initialStatus({ isSickness: true, needsApproval: false, bookedByApproverForSomeoneElse: false })).toBe('approved');
    expect(initialStatus({ isSickness: false, needsApproval: false, bookedByApproverForSomeoneElse: false })).toBe('approved');
    expect(initialStatus({ isSickness: false, needsApproval: true, bookedByApproverForSomeoneElse: true })).toBe('approved');
    expect(initialStatus({ isSickness: false, needsApproval: true, bookedByApproverForSomeoneElse: false })).toBe('pending');
  });
});

describe('decide', () => {
  it('approves or declines a request, and settles a cancellation request', () => {
    expect(decide('pending', 'approve')).toEqual({ status: 'approved', balance: 'deduct' });
    expect(decide('pending', 'decline')).toEqual({ status: 'declined', balance: null });
    expect(decide('cancellation_requested', 'approve')).toEqual({ status: 'cancelled', balance: 'refund' });
    expect(decide('cancellation_requested', 'decline')).toEqual({ status: 'approved', balance: null });
  });
  it('has nothing to decide once decided', () => {
    for (const status of ['approved', 'declined', 'cancelled'] as const) {
      expect(decide(status, 'approve')).toBeNull();
      expect(decide(status, 'decline')).toBeNull();
    }
  });
});

describe('cancelOutcome', () => {
  it('lets the person withdraw a pending request, never a stranger', () => {
    expect(cancelOutcome({ status: 'pending', started: false, actor: person })).toEqual({ status: 'cancelled', balance: null });
    expect(cancelOutcome({ status: 'pending', started: false, actor: stranger })).toBeNull();
  });
  it('cancels approved leave before it starts, and asks once it has started', () => {
    expect(cancelOutcome({ status: 'approved', started: false, actor: person })).toEqual({ status: 'cancelled', balance: 'refund' });
    expect(cancelOutcome({ status: 'approved', started: true, actor: person })).toEqual({
      status: 'cancellation_requested',
      balance: null,
    });
    expect(cancelOutcome({ status: 'approved', started: true, actor: approver })).toEqual({ status: 'cancelled', balance: 'refund' });
  });
  it('lets only an approver settle a cancellation request, and nobody revive a closed absence', () => {
    expect(cancelOutcome({ status: 'cancellation_requested', started: true, actor: person })).toBeNull();
    expect(cancelOutcome({ status: 'cancellation_requested', started: true, actor: approver })).toEqual({
      status: 'cancelled',
      balance: 'refund',
    });
    expect(cancelOutcome({ status: 'declined', started: false, actor: approver })).toBeNull();
    expect(cancelOutcome({ status: 'cancelled', started: false, actor: person })).toBeNull();
  });
});

describe('absencesOverlap', () => {
  const day = (start: string, end: string | null = start) => ({
    start_date: start,
    end_date: end,
    duration_type: 'days' as const,
    half_day_part: null,
  });
  const half = (date: string, part: 'morning' | 'afternoon') => ({
    start_date: date,
    end_date: date,
    duration_type: 'half_day' as const,
    half_day_part: part,
  });
  it('compares dates, an open end running for ever', () => {
    expect(absencesOverlap(day('2025-03-03', '2025-03-07'), day('2025-03-07', '2025-03-10'))).toBe(true);
    expect(absencesOverlap(day('2025-03-03', '2025-03-07'), day('2025-03-08', '2025-03-10'))).toBe(false);
    expect(absencesOverlap(day('2025-03-03', null), day('2026-01-05'))).toBe(true);
  });
  it('lets a morning and an afternoon share a day, but not two mornings or a half day and a full day', () => {
    expect(absencesOverlap(half('2025-03-03', 'morning'), half('2025-03-03', 'afternoon'))).toBe(false);
    expect(absencesOverlap(half('2025-03-03', 'morning'), half('2025-03-03', 'morning'))).toBe(true);
    expect(absencesOverlap(half('2025-03-03', 'morning'), day('2025-03-03'))).toBe(true);
  });
});
