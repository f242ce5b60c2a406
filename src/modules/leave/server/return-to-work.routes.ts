// Leave and absences — return-to-work routes: the list and detail of items, the person's
// self-certification, the fit note (upload and download) and the reviewer's closing step.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { sendFile } from '../../../server/files/downloads';
import { receiveUpload } from '../../../server/files/uploads';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireSession, type RouteAccess } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import { LEAVE_ENDPOINTS, LEAVE_RESOURCES } from '../leave.contract';
import { ReturnToWorkQuerySchema, ReviewInputSchema, SelfCertificationInputSchema } from '../return-to-work.contract';
import { getReturnToWork, listReturnToWork, readFitNote, reviewReturnToWork, selfCertify, uploadFitNote } from './return-to-work.service';
import type { LeaveCaller } from './settings-access';

const access = (method: 'GET' | 'PUT'): { access: RouteAccess } => ({ access: { endpoint: LEAVE_ENDPOINTS.returnToWork, method } });

const itemId = (request: FastifyRequest) => {
  const id = (request.params as { id?: unknown }).id;
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

export function mountReturnToWork(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const callerOf = (request: FastifyRequest): LeaveCaller => ({ db, session: requireSession(request), source: auditSourceOf(request) });

  mountResource(app, deps, {
    name: LEAVE_RESOURCES.returnToWork,
    list: {
      query: ReturnToWorkQuerySchema,
      handler: ({ request, scope, query, paging }) => listReturnToWork({ ...callerOf(request), scope }, { query, paging }),
    },
    get: {
      handler: ({ request, scope, id }) => getReturnToWork({ ...callerOf(request), scope }, id),
    },
  });

  app.put('/api/return-to-work/:id/self-certification', { config: access('PUT') }, async (request) => {
    const caller = callerOf(request);
    const id = itemId(request);
    const answers = parseInput(SelfCertificationInputSchema, request.body);
    return selfCertify(caller, { id, answers });
  });

  app.post('/api/return-to-work/:id/fit-note', { config: access('PUT') }, async (request, reply) => {
    const caller = { ...callerOf(request), files: app.fileStorage, log: request.log };
    const id = itemId(request);
    const item = await uploadFitNote(caller, {
      id,
      multipart: request.isMultipart(),
      receive: (options) => receiveUpload(request, options),
    });
    return reply.code(201).send(item);
  });

  app.get('/api/return-to-work/:id/fit-note', { config: access('GET') }, async (request, reply) => {
    const caller = callerOf(request);
    const id = itemId(request);
    return sendFile(reply, await readFitNote(caller, id));
  });

  app.put('/api/return-to-work/:id/review', { config: access('PUT') }, async (request) => {
    const caller = callerOf(request);
    const id = itemId(request);
    const review = parseInput(ReviewInputSchema, request.body);
    return reviewReturnToWork(caller, { id, review });
  });
}
