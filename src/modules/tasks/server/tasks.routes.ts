// HR tasks and H&S tasks: the same routes under /api/hr-task and /api/hs-task — the list
// (mine, or those I manage), one task, create (for a person, a department or a location),
// edit, delete, bulk complete and reassign, the template library, completion (JSON, or
// multipart with a photo or file as evidence: the phone's offline outbox sends it once),
// reopening, checklist ticks, comments and attachments.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import type { Trx } from '../../../server/db/database';
import { sendFile } from '../../../server/files/downloads';
import { FILE_TYPES } from '../../../server/files/file-types';
import { receiveUpload } from '../../../server/files/uploads';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession, type RouteAccess } from '../../../server/plugins/request-context';
import { AppError, isAppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import { type HttpMethod } from '../../../shared/scopes';
import { TASK_TEMPLATES } from '../task-templates';
import {
  ChecklistInputSchema,
  CommentInputSchema,
  CompleteTaskInputSchema,
  CreateTaskInputSchema,
  FromTemplateInputSchema,
  TaskBulkSchema,
  TASK_AREAS,
  TASK_ENDPOINTS,
  TASK_RESOURCES,
  taskMessages,
  TaskListQuerySchema,
  UpdateTaskInputSchema,
  type TaskArea,
} from '../tasks.contract';
import * as bulk from './task-bulk.service';
import * as parts from './task-parts.service';
import * as service from './tasks.service';

const EVIDENCE_MAX_BYTES = 15 * 1024 * 1024;
const EVIDENCE_TYPES = [FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.heic, FILE_TYPES.heif, FILE_TYPES.webp, FILE_TYPES.pdf];
const ATTACHMENT_TYPES = [...EVIDENCE_TYPES, FILE_TYPES.docx, FILE_TYPES.xlsx, FILE_TYPES.text, FILE_TYPES.csv];

const param = (request: FastifyRequest, name: string) => {
  const value = (request.params as Record<string, unknown>)[name];
  if (!isUuid(value)) throw AppError.notFound();
  return value;
};

function mountArea(app: FastifyInstance, deps: AppDeps, area: TaskArea): void {
  const { db } = deps;
  const base = `/api/${TASK_RESOURCES[area]}`;
  const access = (method: HttpMethod): { access: RouteAccess } => ({ access: { endpoint: TASK_ENDPOINTS[area], method } });
  const callerOf = (request: FastifyRequest): service.TaskCaller => ({ db, ...auditCallerOf(request), mail: deps.mail });

  /** The one file of a multipart request, stored in `trx`; a wrong type is the form's field error. */
  const upload = (request: FastifyRequest, trx: Trx, types: readonly (typeof EVIDENCE_TYPES)[number][] | typeof ATTACHMENT_TYPES) => {
    const session = requireSession(request);
    return receiveUpload(request, {
      db: trx,
      companyId: requireCompany(session),
      userId: session.userId,
      maxBytes: EVIDENCE_MAX_BYTES,
      allowedTypes: types,
    }).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'unsupportedMediaType')
        throw AppError.validation({ file: [taskMessages.evidenceType] }, taskMessages.evidenceType);
      throw error;
    });
  };

  // Static paths first: /templates and /from-template are not task ids.
  app.get(`${base}/templates`, { config: access('GET') }, async () => ({
    results: TASK_TEMPLATES.filter((template) => template.area === area),
  }));
  app.post(`${base}/from-template`, { config: access('POST') }, async (request, reply) => {
    const body = parseInput(FromTemplateInputSchema, request.body);
    return reply.code(201).send(await service.createFromTemplate(callerOf(request), area, body));
  });

  mountResource(app, deps, {
    name: TASK_RESOURCES[area],
    list: {
      query: TaskListQuerySchema,
      handler: ({ request, scope, query, paging }) => service.listTasks(callerOf(request), area, { level: scope, query, paging }),
    },
    get: { handler: ({ request, id }) => service.getTask(callerOf(request), area, id) },
    create: { body: CreateTaskInputSchema, handler: ({ request, body }) => service.createTasks(callerOf(request), area, body) },
    update: { body: UpdateTaskInputSchema, handler: ({ request, id, body }) => service.updateTask(callerOf(request), area, id, body) },
    delete: { handler: ({ request, id }) => service.deleteTask(callerOf(request), area, id) },
    bulk: { method: 'PUT', body: TaskBulkSchema, handler: ({ request, body }) => bulk.bulkTasks(callerOf(request), area, body) },
  });

  app.post(`${base}/:id/complete`, { config: access('PUT') }, async (request) => {
    const id = param(request, 'id');
    const caller = callerOf(request);
    if (!request.isMultipart()) {
      const body = parseInput(CompleteTaskInputSchema, request.body ?? {});
      return service.completeTask(caller, area, id, { note: body.note });
    }
    // The note arrives as a field beside the file.
    return service.completeTask(caller, area, id, {
      note: null,
      receiveEvidence: async (trx) => {
        const received = await upload(request, trx, EVIDENCE_TYPES);
        const { note } = parseInput(CompleteTaskInputSchema, {
          note: typeof received.fields.note === 'string' ? received.fields.note : null,
        });
        return { fileId: received.file.id, note };
      },
    });
  });

  app.post(`${base}/:id/reopen`, { config: access('PUT') }, async (request) =>
    service.reopen(callerOf(request), area, param(request, 'id')),
  );

  app.post(`${base}/:id/comments`, { config: access('GET') }, async (request, reply) => {
    const body = parseInput(CommentInputSchema, request.body);
    return reply.code(201).send(await parts.commentOnTask(callerOf(request), area, param(request, 'id'), body.body));
  });

  app.put(`${base}/:id/checklist/:itemId`, { config: access('PUT') }, async (request) => {
    const body = parseInput(ChecklistInputSchema, request.body);
    return parts.tickChecklistItem(callerOf(request), area, {
      id: param(request, 'id'),
      itemId: param(request, 'itemId'),
      done: body.done,
    });
  });

  app.post(`${base}/:id/files`, { config: access('PUT') }, async (request, reply) => {
    const id = param(request, 'id');
    const detail = await parts.attachFile(
      callerOf(request),
      area,
      id,
      async (trx) => (await upload(request, trx, ATTACHMENT_TYPES)).file.id,
    );
    return reply.code(201).send(detail);
  });

  app.get(`${base}/:id/files/:fileId`, { config: access('GET') }, async (request, reply) =>
    sendFile(reply, await parts.readTaskFile(callerOf(request), area, { id: param(request, 'id'), fileId: param(request, 'fileId') })),
  );
}

export async function tasksRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  for (const area of TASK_AREAS) mountArea(app, deps, area);
}
