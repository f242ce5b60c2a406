// POST /api/login, /api/refresh-token and /api/logout. The identity issue adds two-factor
// codes, lockouts and the onboarding messages of SPEC §8 on top of these.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app';
import { withSystem } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { authPaths, LoginInputSchema, type LoginResponse, type RefreshResponse, type TokenClaims } from '../auth.contract';
import {
  createSession,
  findAccountByEmail,
  findDepartmentIds,
  findPermissions,
  findTokenAccount,
  revokeSession,
  type Account,
} from './auth.queries';
import { bearerToken, inTokenScope, loadSession, signingKeys } from './authenticator';
import { verifyPassword } from './passwords';
import { signAccessToken, verifyAccessToken } from './tokens';

export const LOGIN_FAILED = 'Login Failed, please check your email and password.';

function claimsFor(
  account: Pick<Account, 'id' | 'first_name' | 'company_id' | 'department_id' | 'status' | 'authorised_contact'>,
  departmentIds: string[],
  sessionId: string,
  imp: boolean,
) {
  return {
    user_id: account.id,
    first_name: account.first_name,
    company_id: account.company_id,
    department_id: account.department_id,
    line_managers: [],
    status: account.status,
    departments: departmentIds,
    authorised_contact: account.authorised_contact,
    imp,
    sid: sessionId,
  } satisfies Omit<TokenClaims, 'iat' | 'exp'>;
}

export const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { sessions } = deps.config;

  app.post(authPaths.login, { config: { access: 'public' } }, async (request) => {
    const input = parseInput(LoginInputSchema, request.body);
    const found = await withSystem(deps.db, async (trx) => {
      const account = await findAccountByEmail(trx, input.email);
      if (!account) return undefined;
      const [departmentIds, permissions] = await Promise.all([findDepartmentIds(trx, account), findPermissions(trx, account.role_id)]);
      return { account, departmentIds, permissions };
    });
    const passwordOk = await verifyPassword(input.password, found?.account.password_hash ?? null);
    if (!found || !passwordOk) throw new AppError('unauthenticated', { message: LOGIN_FAILED });
    const { account, departmentIds, permissions } = found;
    if (account.status !== 'active' || (account.company_id && account.company_status !== 'active')) {
      throw new AppError('unauthenticated', { message: LOGIN_FAILED });
    }
    const sessionId = await createSession(deps.db, { userId: account.id, companyId: account.company_id, maxSeconds: sessions.maxSeconds });
    const auth_token = await signAccessToken(
      await signingKeys(deps),
      claimsFor(account, departmentIds, sessionId, false),
      sessions.accessTokenSeconds,
    );
    const response: LoginResponse = {
      permissions,
      auth_token,
      misconfigured: !account.role_exists || permissions.length === 0,
      docs_only: account.docs_only,
      hr_client: account.hr_client ?? true,
      hs_client: account.hs_client ?? true,
    };
    return response;
  });

  // Accepts an expired access token while its session lives: an app reopened after days
  // offline refreshes instead of signing the user out (DESIGN §5).
  app.post(authPaths.refresh, { config: { access: 'public' } }, async (request) => {
    const token = bearerToken(request);
    const keys = await signingKeys(deps);
    const claims = token ? await verifyAccessToken(keys, token, sessions.maxSeconds) : null;
    const session = claims ? await loadSession(deps, claims) : null;
    if (!claims || !session) throw new AppError('unauthenticated');
    const account = await inTokenScope(deps, claims, (trx) => findTokenAccount(trx, session.userId));
    if (!account) throw new AppError('unauthenticated');
    const fresh = claimsFor(account, session.departmentIds, session.sessionId, session.impersonatorId !== null);
    const response: RefreshResponse = {
      auth_token: await signAccessToken(keys, fresh, sessions.accessTokenSeconds),
      permissions: session.permissions,
    };
    return response;
  });

  app.post(authPaths.logout, { config: { access: 'authenticated' } }, async (request, reply) => {
    await revokeSession(deps.db, requireSession(request).sessionId);
    return reply.status(204).send();
  });
};
