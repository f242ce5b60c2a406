// The answer to every way of opening a session (sign-in, an impersonation token, onboarding):
// the signed access token and the flags the client stores (login response).
import type { PermissionEntry } from '../../../shared/scopes';
import type { LoginResponse } from '../auth.contract';
import type { Account } from './auth.queries';
import { signingKeys, type AuthDeps } from './authenticator';
import { claimsFor, signAccessToken } from './tokens';

export async function sessionResponse(options: {
  deps: AuthDeps;
  account: Account;
  sessionId: string;
  departmentIds: string[];
  permissions: PermissionEntry[];
  imp: boolean;
}): Promise<LoginResponse> {
  const { deps, account, permissions } = options;
  const claims = claimsFor({ account, departmentIds: options.departmentIds, sessionId: options.sessionId, imp: options.imp });
  return {
    permissions,
    auth_token: await signAccessToken(await signingKeys(deps), claims, deps.config.sessions.accessTokenSeconds),
    // A role with no entries, or one that no longer exists, leaves the user with nothing to do (loginRoleDowngrade).
    misconfigured: !account.role_exists || permissions.length === 0,
    docs_only: account.docs_only,
    hr_client: account.hr_client ?? true,
    hs_client: account.hs_client ?? true,
  };
}
