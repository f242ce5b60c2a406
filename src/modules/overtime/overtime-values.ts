// Overtime's statuses and list views: the words the list's address holds, apart from the
// contract's schemas so the route tree (which the sign-in page loads) checks an address
// without them.
export const OVERTIME_STATUSES = ['reported', 'approved', 'declined', 'cancelled'] as const;
export type OvertimeStatus = (typeof OVERTIME_STATUSES)[number];
export const OVERTIME_VIEWS = ['mine', 'to_approve', 'all'] as const;
export type OvertimeView = (typeof OVERTIME_VIEWS)[number];
