// A claim's types, statuses and list views: the words the claims list's address holds, apart
// from the contract's schemas so the route tree (which the sign-in page loads) checks an
// address without them.
export const CLAIM_TYPES = ['expense', 'mileage'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const CLAIM_STATUSES = ['draft', 'submitted', 'approved', 'partly_approved', 'rejected', 'paid', 'exported'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_VIEWS = ['mine', 'approve', 'all'] as const;
export type ClaimView = (typeof CLAIM_VIEWS)[number];
