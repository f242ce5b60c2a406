// Stafflane's administrators (GET/POST/DELETE /api/administrators): listed, another invited by
// e-mail (the one invitation path: /confirm-email, /welcome), removed — never oneself, never
// the last. Every administrator is asked for a sign-in code each time (ADMIN_TWO_FACTOR).
import * as v from 'valibot';
import { RequiredEmailFieldSchema } from '../../shared/email-field';
import { requiredTextField } from '../../shared/validators';

export const ADMINISTRATORS_ENDPOINT = '/api/administrators';
export const ADMINISTRATORS_RESOURCE = 'administrators';
export const administratorPath = (id: string) => `${ADMINISTRATORS_ENDPOINT}/${encodeURIComponent(id)}`;

export type Administrator = {
  id: string;
  first_name: string;
  surname: string;
  email: string;
  /** invited until they finish /welcome. */
  status: 'pending' | 'invited' | 'active';
  created_at: string;
  last_active_at: string | null;
};

export const InviteAdministratorInputSchema = v.object(
  {
    first_name: requiredTextField({ maxLength: 100 }),
    surname: requiredTextField({ maxLength: 100 }),
    email: RequiredEmailFieldSchema,
  },
  'Field is required.',
);
export type InviteAdministratorInput = v.InferInput<typeof InviteAdministratorInputSchema>;
