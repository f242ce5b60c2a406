// POST /api/login, /api/refresh-token and /api/logout; the password and two-factor
// endpoints come from account.routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { recordAudit } from '../../../server/audit/audit.queries';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { authPaths, LoginInputSchema, type RefreshResponse } from '../auth.contract';
import { accessRequestRoutes } from './access-requests.routes';
import { accountRoutes } from './account.routes';
import { findTokenAccount, revokeSession } from './auth.queries';
import { bearerToken, inTokenScope, loadSession, signingKeys } from './authenticator';
import { identityDepsOf } from './identity-deps';
import { login, loginRefusal } from './login.service';
import { accountRefusal } from '../auth.policy';
import { onboardingRoutes } from './onboarding.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { companySignInRoutes } from './company-sign-in.routes';
import { claimsFor, signAccessToken, verifyAccessToken } from './tokens';

export const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { sessions } = deps.config;
  const identity = identityDepsOf(deps);

  app.post(authPaths.login, { config: { access: 'public' } }, async (request, reply) =>
    login({
      deps: identity,
      input: parseInput(LoginInputSchema, request.body),
      source: auditSourceOf(request),
      retryAfter: (seconds) => void reply.header('retry-after', String(seconds)),
    }),
  );

  // Accepts an expired access token while its session lives: an app reopened after days
  // offline refreshes instead of signing the user out.
  app.post(authPaths.refresh, { config: { access: 'public' } }, async (request) => {
    const token = bearerToken(request);
    const keys = await signingKeys(deps);
    const claims = token ? await verifyAccessToken(keys, token, sessions.maxSeconds) : null;
    const session = claims ? await loadSession(deps, claims) : null;
    if (!claims || !session) throw new AppError('unauthenticated');
    const account = await inTokenScope(deps, claims, (trx) => findTokenAccount(trx, session.userId));
    if (!account) throw new AppError('unauthenticated');
    // A company put on hold or disabled, or a person whose access was, is refused here as at
    // sign-in, with the same words (loginMessages); an onboarding session is still only onboarding.
    const refused = accountRefusal({
      userStatus: account.status === 'invited' || account.status === 'pending' ? 'active' : account.status,
      companyId: account.company_id,
      companyStatus: account.company_status,
      access: account.access,
    });
    if (refused) throw loginRefusal(refused);
    const fresh = claimsFor({
      account,
      departmentIds: session.departmentIds,
      sessionId: session.sessionId,
      imp: session.impersonatorId !== null,
    });
    const response: RefreshResponse = {
      auth_token: await signAccessToken(keys, fresh, sessions.accessTokenSeconds),
      permissions: session.permissions,
    };
    return response;
  });

  app.post(authPaths.logout, { config: { access: 'authenticated', onboarding: true } }, async (request, reply) => {
    const session = requireSession(request);
    await inTokenScope(deps, { company_id: session.companyId }, async (trx) => {
      await revokeSession(trx, session.sessionId);
      await recordAudit(trx, {
        ...auditSourceOf(request),
        actorId: session.userId,
        impersonatorId: session.impersonatorId,
        companyId: session.companyId,
        action: 'logout',
        targetType: 'session',
        targetId: session.sessionId,
      });
    });
    return reply.status(204).send();
  });

  await app.register(accountRoutes, { deps: identity });
  await app.register(onboardingRoutes, { deps: identity });
  await app.register(accessRequestRoutes, { deps: identity });
  await app.register(twoFactorRoutes, { deps: identity });
  await app.register(companySignInRoutes, { deps: identity });
};
