// What a sign-in leaves in local storage besides the token (SPEC §3 keys): the permission
// list, the e-mail used, the docs-only and HR/H&S client flags, and the role-downgrade
// warning flag of SPEC §4. Signing out removes all of it.
import type { LoginResponse } from '../../modules/auth/auth.contract';
import { clearToken, setToken } from './token-store';

export const SESSION_KEYS = {
  permissions: 'permissions',
  userEmail: 'user-email',
  docsOnly: 'docs-only',
  hrClient: 'hr-client',
  hsClient: 'hs-client',
  roleDowngrade: 'loginRoleDowngrade',
} as const;

const flag = (value: boolean) => (value ? '1' : '0');

export function saveSession(response: LoginResponse, email: string): void {
  setToken(response.auth_token);
  localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(response.permissions));
  localStorage.setItem(SESSION_KEYS.userEmail, email);
  localStorage.setItem(SESSION_KEYS.docsOnly, flag(response.docs_only));
  localStorage.setItem(SESSION_KEYS.hrClient, flag(response.hr_client));
  localStorage.setItem(SESSION_KEYS.hsClient, flag(response.hs_client));
  if (response.misconfigured) localStorage.setItem(SESSION_KEYS.roleDowngrade, '1');
  else localStorage.removeItem(SESSION_KEYS.roleDowngrade);
}

export function clearSession(): void {
  clearToken();
  try {
    for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing stored to remove.
  }
}
