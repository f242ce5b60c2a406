// Signing: sending a document to sign, signing (online, or replayed once from a phone's
// outbox with the hash of the version seen), declining and voiding.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireCompany } from '../../../server/plugins/request-context';
import { DOCUMENT_ENDPOINT, DeclineInputSchema, SignInputSchema, SignRequestInputSchema, VoidInputSchema } from '../documents.contract';
import { idOf, readerWrite } from './documents.routes';
import { documentDetail, visibleDocument } from './documents.service';
import { managesDocuments } from './documents-view';
import { createSignRequest, declineDocument, signDocument, voidPendingRequest } from './signing.service';
import { AppError } from '../../../shared/app-error';

export function mountSigning(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const callerOf = (request: FastifyRequest) => ({ ...auditCallerOf(request), db, storage: app.fileStorage });
  const manage = { access: { endpoint: DOCUMENT_ENDPOINT, method: 'POST' as const, scope: 'company' as const } };

  app.post('/api/document/:id/sign-request', { config: manage }, async (request, reply) => {
    const id = idOf(request);
    return reply.code(201).send(await createSignRequest(callerOf(request), id, parseInput(SignRequestInputSchema, request.body)));
  });

  app.post('/api/document/:id/sign', { config: readerWrite }, async (request) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const body = parseInput(SignInputSchema, request.body);
    return withTenant(db, requireCompany(caller.session, 'not_found'), (trx) => signDocument(caller, trx, id, body));
  });

  app.post('/api/document/:id/decline', { config: readerWrite }, async (request) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const body = parseInput(DeclineInputSchema, { reason: '', ...((request.body as object | null) ?? {}) });
    return withTenant(db, requireCompany(caller.session, 'not_found'), (trx) => declineDocument(caller, trx, id, body.reason));
  });

  app.post('/api/document/:id/void', { config: manage }, async (request) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const body = parseInput(VoidInputSchema, { reason: '', ...((request.body as object | null) ?? {}) });
    if (!managesDocuments(caller.session)) throw AppError.forbidden();
    return withTenant(db, requireCompany(caller.session), async (trx) => {
      await visibleDocument(trx, caller, id);
      if (!(await voidPendingRequest(trx, caller, { documentId: id, reason: body.reason })))
        throw new AppError('conflict', { message: 'This document is not waiting for signatures.' });
      return documentDetail(trx, caller, await visibleDocument(trx, caller, id));
    });
  });
}
