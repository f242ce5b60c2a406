// Sign-in, refresh and sign-out (SPEC §3, §5, §7): the payloads both sides share.
import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import type { PermissionEntry } from '../../shared/scopes';

export const LoginInputSchema = v.object({
  email: v.pipe(
    v.string('Field is required.'),
    v.trim(),
    v.nonEmpty('Field is required.'),
    v.email('This is not a valid e-mail address.'),
    v.maxLength(254, 'Max length exceeded.'),
  ),
  password: v.pipe(
    v.string('Field is required.'),
    v.nonEmpty('Field is required.'),
    v.minLength(PASSWORD_MIN_LENGTH, "It's too short."),
    v.maxLength(1024, 'Max length exceeded.'),
  ),
  two_factor_secret: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(20, 'Max length exceeded.')))),
});
export type LoginInput = v.InferOutput<typeof LoginInputSchema>;

export type LoginResponse = {
  permissions: PermissionEntry[];
  auth_token: string;
  misconfigured: boolean;
  docs_only: boolean;
  hr_client: boolean;
  hs_client: boolean;
};

export type RefreshResponse = { auth_token: string; permissions: PermissionEntry[] };

/** The access token's claims (SPEC §3) plus the session id that makes it revocable. */
export type TokenClaims = {
  user_id: string;
  first_name: string;
  company_id: string | null;
  department_id: string | null;
  line_managers: string[];
  status: string;
  departments: string[];
  authorised_contact: boolean;
  imp: boolean;
  sid: string;
  iat: number;
  exp: number;
};

export const authPaths = { login: '/api/login', logout: '/api/logout', refresh: '/api/refresh-token' } as const;
