// How claims read on screen: the person, the dates, the status colours and the history's words.
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import type { ClaimStatus, ExpenseClaim } from '../expenses.contract';

export const personName = (person: { first_name: string; surname: string }) => `${person.first_name} ${person.surname}`;

export const STATUS_COLOURS: Record<ClaimStatus, string> = {
  draft: 'gray',
  submitted: 'yellow',
  approved: 'green',
  partly_approved: 'teal',
  rejected: 'red',
  paid: 'blue',
  exported: 'indigo',
};

export const shownDate = (iso: string | null) => (iso ? formatCalendarDate(iso, DATE_FORMATS.date) : '');

export function claimDates(claim: Pick<ExpenseClaim, 'first_date' | 'last_date'>): string {
  if (!claim.first_date) return '';
  return claim.last_date && claim.last_date !== claim.first_date
    ? `${shownDate(claim.first_date)} – ${shownDate(claim.last_date)}`
    : shownDate(claim.first_date);
}

const UNNAMED_CLAIM = { expense: 'Expense claim', mileage: 'Mileage claim', mixed: 'Expense and mileage claim' } as const;

export function claimTitle(claim: Pick<ExpenseClaim, 'claim_type' | 'description'>): string {
  return claim.description || UNNAMED_CLAIM[claim.claim_type];
}

/** What a claim is, as its summary line says it: "Mileage claim". */
export const claimKindWords = (claim: Pick<ExpenseClaim, 'claim_type'>) => UNNAMED_CLAIM[claim.claim_type];

const ACTION_WORDS: Record<string, string> = {
  created: 'Created',
  submitted: 'Submitted',
  resubmitted: 'Resubmitted',
  edited: 'Changed',
  approved: 'Approved',
  partly_approved: 'Partly approved',
  rejected: 'Rejected',
  paid: 'Paid',
  exported: 'Exported to payroll',
};
export const actionWords = (action: string) => ACTION_WORDS[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replace(/_/g, ' ');
