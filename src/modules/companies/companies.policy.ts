// The rules of running companies, pure: what a status change means, when a seat is refused,
// which first-run steps a new company has done, and which administrator may be removed.
import { COMPANY_STATUS_LABELS, type CompanyStatus } from './companies.contract';

/** The words a company's owner reads when their company's status changes (the e-mail and the audit). */
export function statusChangeText(input: {
  companyName: string;
  firstName: string;
  to: CompanyStatus;
  reason: string;
  supportEmail: string;
}): {
  subject: string;
  text: string;
} {
  const what: Record<CompanyStatus, string> = {
    active: `${input.companyName} is active again on Stafflane: everyone can sign in as before.`,
    on_hold: `${input.companyName} has been put on hold on Stafflane. While it is on hold nobody at ${input.companyName} can sign in; nothing has been deleted, and everything will be there when it is active again.`,
    disabled: `${input.companyName} has been disabled on Stafflane. Nobody at ${input.companyName} can sign in; its records are kept.`,
  };
  return {
    subject: `Your company on Stafflane is now ${COMPANY_STATUS_LABELS[input.to].toLowerCase()}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      what[input.to],
      '',
      `The reason given: ${input.reason}`,
      '',
      `If you have questions, write to ${input.supportEmail}.`,
    ].join('\n'),
  };
}

/** SPEC is silent on the wording: this says what happened and what to do about it. */
export function seatLimitMessage(seats: number): string {
  return `Your company has used all ${seats} of the seats it has bought. Order more seats in Settings › Orders before adding anyone else.`;
}

/** The refusal for one more person when `used` (counting them) passes the seats bought; null seats are never counted. */
export function seatRefusal(input: { seats: number | null; used: number }): string | null {
  if (input.seats === null || input.used <= input.seats) return null;
  return seatLimitMessage(input.seats);
}

export const SETUP_STEPS = ['locations', 'departments', 'leave_policy', 'people'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** What the company has of the platform's own records: locations, departments, people besides the owner. */
export type SetupCounts = { locations: number; departments: number; peopleInvited: number };

/**
 * Each first-run step and whether it is done: a location, a department, someone invited besides
 * the owner, and the steps other modules answer (the leave policy looked at and saved). A step
 * no registered module answers is left out.
 */
export function setupProgress(counts: SetupCounts, answered: Partial<Record<SetupStep, boolean>>): Partial<Record<SetupStep, boolean>> {
  return {
    ...answered,
    locations: counts.locations > 0,
    departments: counts.departments > 0,
    people: counts.peopleInvited > 0,
  };
}

/** An administrator may remove another, never themselves, and never the last one (`actorId` null: the server's command line). */
export function administratorRemovalRefusal(input: { actorId: string | null; targetId: string; administrators: number }): string | null {
  if (input.actorId === input.targetId) return 'You cannot remove yourself: ask another administrator.';
  if (input.administrators <= 1) return 'Stafflane needs at least one administrator.';
  return null;
}
