// The pure rules of an absence's life: what status a new one starts in, what a decision or a
// cancellation turns it into (and whether the balance moves), and when two absences of the
// same person overlap. The server applies them; the client uses them to show or hide buttons.
import { NEED_APPROVAL_STATUSES, type AbsenceStatus, type DurationType, type HalfDayPart } from './leave.contract';

/** Who is acting on an absence, as far as the rules care. */
export type AbsenceActor = {
  /** The absence is the actor's own. */
  isPerson: boolean;
  /** The actor's /api/user-absence POST scope covers the person (they may book and cancel for them). */
  mayBook: boolean;
  /** The actor may approve the person's absences (approvers.ts mayApprove). */
  mayApprove: boolean;
};

/** The status a new absence starts in. */
export function initialStatus(input: {
  isSickness: boolean;
  needsApproval: boolean;
  bookedByApproverForSomeoneElse: boolean;
}): AbsenceStatus {
  if (input.isSickness || !input.needsApproval || input.bookedByApproverForSomeoneElse) return 'approved';
  return 'pending';
}

export function needsDecision(status: AbsenceStatus): boolean {
  return NEED_APPROVAL_STATUSES.includes(status);
}

export type Decision = {
  status: AbsenceStatus;
  /** How the balance moves: 'deduct' logs −deduction, 'refund' logs +deduction, null nothing. */
  balance: 'deduct' | 'refund' | null;
};

/**
 * Approving a pending request approves it (and deducts); approving a cancellation request
 * cancels the absence (and refunds). Declining a pending request declines it; declining a
 * cancellation request leaves the absence approved. Null: nothing waits for a decision.
 */
export function decide(status: AbsenceStatus, action: 'approve' | 'decline'): Decision | null {
  if (status === 'pending') return action === 'approve' ? { status: 'approved', balance: 'deduct' } : { status: 'declined', balance: null };
  if (status === 'cancellation_requested') {
    return action === 'approve' ? { status: 'cancelled', balance: 'refund' } : { status: 'approved', balance: null };
  }
  return null;
}

/**
 * What cancelling does, or null when the actor may not cancel it: a pending request is simply
 * withdrawn; an approved absence not yet started is cancelled (and refunded); one already
 * started is cancelled by an approver, and for the person (or someone booking for them)
 * becomes a cancellation request that needs approval. An approver may also settle a
 * cancellation request by cancelling.
 */
export function cancelOutcome(input: { status: AbsenceStatus; started: boolean; actor: AbsenceActor }): Decision | null {
  const { status, started, actor } = input;
  const booker = actor.isPerson || actor.mayBook;
  switch (status) {
    case 'pending':
      return booker || actor.mayApprove ? { status: 'cancelled', balance: null } : null;
    case 'approved':
      if (actor.mayApprove || (booker && !started)) return { status: 'cancelled', balance: 'refund' };
      return booker ? { status: 'cancellation_requested', balance: null } : null;
    case 'cancellation_requested':
      return actor.mayApprove ? { status: 'cancelled', balance: 'refund' } : null;
    default:
      return null;
  }
}

/** The part of a day an absence takes, for overlap checks. */
export type DaySpan = {
  start_date: string;
  /** Null: open-ended. */
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
};

/**
 * Whether two absences of one person overlap: their dates meet (an open end runs for ever),
 * except a morning and an afternoon half day on the same date.
 */
export function absencesOverlap(a: DaySpan, b: DaySpan): boolean {
  const aEnd = a.end_date ?? '9999-12-31';
  const bEnd = b.end_date ?? '9999-12-31';
  if (a.start_date > bEnd || b.start_date > aEnd) return false;
  const oppositeHalves =
    a.duration_type === 'half_day' &&
    b.duration_type === 'half_day' &&
    a.half_day_part !== null &&
    b.half_day_part !== null &&
    a.half_day_part !== b.half_day_part;
  return !oppositeHalves;
}
