// Access requests and impersonation: administrators hold
// /api/access-requests globally (ask, sign in as), a company's owners company-wide (decide).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { listResponse, pagingFrom } from '../../../shared/list';
import type { HttpMethod, Scope } from '../../../shared/scopes';
import {
  ACCESS_REQUESTS_ENDPOINT,
  accessRequestPaths,
  AccessRequestQuerySchema,
  CreateAccessRequestInputSchema,
  DecideAccessRequestInputSchema,
  ImpersonationTokenInputSchema,
  TokenExchangeInputSchema,
} from '../access-requests.contract';
import * as service from './access-requests.service';
import type { IdentityDeps } from './identity-deps';
import { isUuid } from '../../../shared/ids';

const access = (method: HttpMethod, scope: Scope = 'company') => ({ access: { endpoint: ACCESS_REQUESTS_ENDPOINT, method, scope } });

export const accessRequestRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const caller = (request: FastifyRequest) => {
    const session = requireSession(request);
    if (!request.scope) throw AppError.forbidden();
    return { deps, session, scope: request.scope, source: auditSourceOf(request) };
  };
  /** An id that is not a UUID names no request: 404, like one of another company. */
  const idOf = (request: FastifyRequest) => {
    const { id } = request.params as { id?: string };
    if (!id || !isUuid(id)) throw AppError.notFound();
    return id;
  };

  app.get(accessRequestPaths.list, { config: access('GET') }, async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const paging = pagingFrom(raw);
    const wrap = (value: unknown) => (typeof value === 'string' ? [value] : value);
    const { status } = parseInput(AccessRequestQuerySchema, { status: wrap(raw.status) });
    const page = await service.listAccessRequests({ ...caller(request), paging, ...(status ? { statuses: status } : {}) });
    return listResponse(page.results, page.count, paging);
  });

  app.get(`${accessRequestPaths.list}/:id`, { config: access('GET') }, async (request) => {
    const found = await service.getAccessRequestFor({ ...caller(request), id: idOf(request) });
    if (!found) throw AppError.notFound();
    return found;
  });

  app.post(accessRequestPaths.list, { config: access('POST', 'global') }, async (request, reply) => {
    const input = parseInput(CreateAccessRequestInputSchema, request.body);
    return reply.code(201).send(await service.requestAccess({ ...caller(request), input }));
  });

  app.put(`${accessRequestPaths.list}/:id`, { config: access('PUT') }, async (request) => {
    const id = idOf(request);
    const { decision } = parseInput(DecideAccessRequestInputSchema, request.body);
    return service.decideAccess({ ...caller(request), id, approve: decision === 'approve' });
  });

  app.post(`${accessRequestPaths.list}/:id/end`, { config: access('PUT') }, async (request) =>
    service.endAccess({ ...caller(request), id: idOf(request) }),
  );

  app.get(`${accessRequestPaths.list}/:id/users`, { config: access('GET', 'global') }, async (request) =>
    service.usersForGrant({ ...caller(request), id: idOf(request) }),
  );

  // Not stored for idempotent replay: the answers hold secrets (a sign-in token, a session).
  app.post(accessRequestPaths.impersonationToken, { config: { ...access('POST', 'global'), idempotency: false } }, async (request) => {
    const input = parseInput(ImpersonationTokenInputSchema, request.body);
    return service.issueImpersonationToken({ ...caller(request), input });
  });

  app.get(accessRequestPaths.impersonation, { config: { access: 'authenticated' } }, async (request) =>
    service.getImpersonation({ deps, session: requireSession(request) }),
  );

  app.post(accessRequestPaths.exchange, { config: { access: 'public', idempotency: false } }, async (request) => {
    const { token } = parseInput(TokenExchangeInputSchema, request.body);
    return service.exchangeImpersonationToken({ deps, token, source: auditSourceOf(request) });
  });
};
