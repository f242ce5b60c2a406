// The absence statuses and the approval filter, on their own: the absence list's address
// parser (part of the router, which the sign-in page loads) needs these and nothing else of
// the leave contract.
export const ABSENCE_STATUSES = ['pending', 'approved', 'declined', 'cancelled', 'cancellation_requested'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];
/** the `status=needApproval`: what waits for an approver. */
export const NEED_APPROVAL = 'needApproval';
