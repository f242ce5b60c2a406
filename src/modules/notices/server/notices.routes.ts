// The noticeboard's API (/api/notices, §6): the generic resource (list with search and
// filters, one notice, create, update, delete) and the steps on a notice: read, acknowledge
// (queueable from a phone: the Idempotency-Key makes a replay land once), receipts and the
// one reminder. Writing needs department reach; reading and acknowledging any.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { mountResource } from '../../../server/http/resource';
import { AppError } from '../../../shared/app-error';
import { NOTICES_ENDPOINT, NOTICES_RESOURCE, NoticeInputSchema, NoticeListQuerySchema } from '../notices.contract';
import {
  createNotice,
  deleteNotice,
  getNotice,
  listNotices,
  noticeReceipts,
  recordNoticeReceipt,
  remindNotice,
  updateNotice,
  type NoticeCaller,
} from './notices.service';

export const noticesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, config } = deps;
  const origin = config.publicOrigin ?? `http://localhost:${config.port}`;
  const callerOf = (request: FastifyRequest): NoticeCaller => {
    if (!request.scope) throw AppError.forbidden();
    return { db, ...auditCallerOf(request), scope: request.scope, origin };
  };

  mountResource(app, deps, {
    name: NOTICES_RESOURCE,
    list: { query: NoticeListQuerySchema, handler: ({ request, query, paging }) => listNotices(callerOf(request), { query, paging }) },
    get: { handler: ({ request, id }) => getNotice(callerOf(request), id) },
    create: { scope: 'department', body: NoticeInputSchema, handler: ({ request, body }) => createNotice(callerOf(request), body) },
    update: {
      scope: 'department',
      body: NoticeInputSchema,
      handler: ({ request, id, body }) => updateNotice(callerOf(request), id, body),
    },
    delete: { scope: 'department', handler: ({ request, id }) => deleteNotice(callerOf(request), id) },
  });

  const idOf = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';
  app.post('/api/notices/:id/read', { config: { access: { endpoint: NOTICES_ENDPOINT, method: 'POST' } } }, (request) =>
    recordNoticeReceipt(callerOf(request), idOf(request), false),
  );
  app.post('/api/notices/:id/acknowledge', { config: { access: { endpoint: NOTICES_ENDPOINT, method: 'POST' } } }, (request) =>
    recordNoticeReceipt(callerOf(request), idOf(request), true),
  );
  app.get(
    '/api/notices/:id/receipts',
    { config: { access: { endpoint: NOTICES_ENDPOINT, method: 'GET', scope: 'department' } } },
    (request) => noticeReceipts(callerOf(request), idOf(request)),
  );
  app.post(
    '/api/notices/:id/remind',
    { config: { access: { endpoint: NOTICES_ENDPOINT, method: 'PUT', scope: 'department' } } },
    (request) => remindNotice(callerOf(request), idOf(request)),
  );
};
