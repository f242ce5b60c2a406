// A new company's first-run checklist on the dashboard (GET /api/company-setup), and a
// person's own access (PUT /api/user-access/{id}): on hold or disabled refuses their sign-in
// and their next token refresh, saying the account is temporarily on hold or, disabled, to
// contact their line manager (loginMessages), whatever their company's status.
import * as v from 'valibot';
import { requiredMultilineTextField } from '../../shared/validators';
import type { SetupStep } from './companies.policy';

export const COMPANY_SETUP_ENDPOINT = '/api/company-setup';
export const COMPANY_SETUP_RESOURCE = 'company-setup';
export const USER_ACCESS_ENDPOINT = '/api/user-access';
export const userAccessPath = (userId: string) => `${USER_ACCESS_ENDPOINT}/${encodeURIComponent(userId)}`;

export type SetupChecklist = {
  /** Every step done: the card goes away. */
  complete: boolean;
  steps: { key: SetupStep; done: boolean }[];
};

export const PERSON_ACCESS = ['active', 'on_hold', 'disabled'] as const;
export type PersonAccessValue = (typeof PERSON_ACCESS)[number];

export const UpdateUserAccessInputSchema = v.object(
  {
    access: v.picklist(PERSON_ACCESS, 'Choose active, on hold or disabled.'),
    reason: requiredMultilineTextField({ maxLength: 1000 }),
  },
  'Field is required.',
);
export type UpdateUserAccessInput = v.InferInput<typeof UpdateUserAccessInputSchema>;
