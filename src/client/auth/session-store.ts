// What a sign-in leaves in local storage besides the token (keys): the permission
// list, the e-mail used, the docs-only and HR/H&S client flags, and the role-downgrade
// warning flag. Signing out removes all of it. The token is written last and
// removed first: other tabs act on `loggedIn` (src/modules/auth/client/session-events.ts),
// and must find the rest already in place.
import { clearToken, getToken, setToken } from './token-store';
import { readTokenClaims } from './token-claims';
import type { RefreshResponse, SessionGrant, TokenClaims } from '../../shared/session.contract';

export const SESSION_KEYS = {
  permissions: 'permissions',
  userEmail: 'user-email',
  docsOnly: 'docs-only',
  hrClient: 'hr-client',
  hsClient: 'hs-client',
  roleDowngrade: 'loginRoleDowngrade',
} as const;

const flag = (value: boolean) => (value ? '1' : '0');

export function saveSession(response: SessionGrant, email: string): void {
  localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(response.permissions));
  localStorage.setItem(SESSION_KEYS.userEmail, email);
  localStorage.setItem(SESSION_KEYS.docsOnly, flag(response.docs_only));
  localStorage.setItem(SESSION_KEYS.hrClient, flag(response.hr_client));
  localStorage.setItem(SESSION_KEYS.hsClient, flag(response.hs_client));
  if (response.misconfigured) localStorage.setItem(SESSION_KEYS.roleDowngrade, '1');
  else localStorage.removeItem(SESSION_KEYS.roleDowngrade);
  setToken(response.auth_token);
}

/** After a refresh or a password change: a new token and the permissions as they are now. */
export function saveRefreshedSession(response: RefreshResponse): void {
  localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(response.permissions));
  setToken(response.auth_token);
}

export function clearSession(): void {
  clearToken();
  try {
    for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing stored to remove.
  }
}

export type SessionFlags = { docsOnly: boolean; hrClient: boolean; hsClient: boolean };

export function readSessionFlags(): SessionFlags {
  const read = (key: string) => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  };
  return { docsOnly: read(SESSION_KEYS.docsOnly), hrClient: read(SESSION_KEYS.hrClient), hsClient: read(SESSION_KEYS.hsClient) };
}

export function readSessionEmail(): string | null {
  try {
    return localStorage.getItem(SESSION_KEYS.userEmail);
  } catch {
    return null;
  }
}

export function currentClaims(): Partial<TokenClaims> | null {
  return readTokenClaims(getToken());
}

/** Where a signed-in user belongs: administrators have no company. */
export function homePathFor(claims: Partial<TokenClaims> | null): '/' | '/admin' {
  return claims?.company_id ? '/' : '/admin';
}
