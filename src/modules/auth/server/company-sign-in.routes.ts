// The company's sign-in settings (owners), and the public side of signing in with Microsoft
// or Google: which button an address gets, the start (to the provider) and the finish (back
// from it). Answers holding sessions are never stored for idempotent replay.
import type { FastifyPluginAsync } from 'fastify';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { parseInput } from '../../../server/http/validate';
import { requireOwnCompany, requireSession } from '../../../server/plugins/request-context';
import {
  COMPANY_SIGN_IN_ENDPOINT,
  companySignInPaths,
  OidcFinishSchema,
  OidcStartSchema,
  UpdateCompanySignInInputSchema,
} from '../company-sign-in.contract';
import { refuseWhileImpersonating } from './account-caller';
import { getCompanySignIn, updateCompanySignIn } from './company-sign-in.service';
import type { IdentityDeps } from './identity-deps';
import { findSignInProvider, finishOidcSignIn, startOidcSignIn } from './oidc-sign-in.service';

export const companySignInRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const access = (method: 'GET' | 'PUT') => ({ access: { endpoint: COMPANY_SIGN_IN_ENDPOINT, method, scope: 'company' as const } });

  app.get(companySignInPaths.settings, { config: access('GET') }, async (request) => {
    const session = requireSession(request);
    return getCompanySignIn({ deps, companyId: requireOwnCompany(session, undefined) });
  });
  app.put(companySignInPaths.settings, { config: access('PUT') }, async (request) => {
    const session = requireSession(request);
    // An administrator acting as an owner must not change how the company's people sign in.
    refuseWhileImpersonating(session);
    const companyId = requireOwnCompany(session, undefined);
    const change = parseInput(UpdateCompanySignInInputSchema, request.body);
    return updateCompanySignIn({ deps, session, source: auditSourceOf(request), companyId, change });
  });

  app.get(companySignInPaths.provider, { config: { access: 'public' } }, async (request) => {
    const { email } = parseInput(OidcStartSchema, request.query ?? {});
    return findSignInProvider(deps, email);
  });
  app.post(companySignInPaths.start, { config: { access: 'public', idempotency: false } }, async (request) => {
    const { email } = parseInput(OidcStartSchema, request.body);
    return startOidcSignIn({ deps, email });
  });
  app.post(companySignInPaths.finish, { config: { access: 'public', idempotency: false } }, async (request, reply) =>
    finishOidcSignIn({
      deps,
      input: parseInput(OidcFinishSchema, request.body),
      source: auditSourceOf(request),
      retryAfter: (seconds) => void reply.header('retry-after', String(seconds)),
    }),
  );
};
