// The signed-in session as the platform keeps it on both sides: the access token's claims,
// what a sign-in or a refresh hands the client to keep, the statuses still onboarding, and the
// session's own addresses. The auth module signs people in; the platform keeps, reads,
// refreshes and ends the session.
import type { PermissionEntry } from './scopes';

/** Statuses of a user who has not finished onboarding: /welcome, and nothing else, until it is done. */
export const ONBOARDING_STATUSES: readonly string[] = ['pending', 'invited'];

/** The access token's claims plus the session id that makes it revocable. */
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

/** What a sign-in gives the client to keep (a sign-in's answer may say more). */
export type SessionGrant = {
  auth_token: string;
  permissions: PermissionEntry[];
  /** The role no longer exists or grants nothing: the person has nothing to do until it is fixed. */
  misconfigured: boolean;
  docs_only: boolean;
  hr_client: boolean;
  hs_client: boolean;
};

export type RefreshResponse = { auth_token: string; permissions: PermissionEntry[] };

/** POST, both: a new access token for the stored one; the session ends (204). */
export const sessionPaths = { refresh: '/api/refresh-token', logout: '/api/logout' } as const;
