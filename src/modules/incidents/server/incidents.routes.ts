// The incident log under /api/incident-log: list (with the RIDDOR status), one record (with
// `riddor: {category, reportable, deadline}`), reporting (JSON, or multipart with a photo: the
// phone's offline outbox sends it once), editing and linking the sickness absence, marking the
// RIDDOR report made, deletion after the retention period, photos and files, CSV export.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import type { Trx } from '../../../server/db/database';
import { sendFile } from '../../../server/files/downloads';
import { attachmentDisposition } from '../../../server/files/file-names';
import { FILE_TYPES } from '../../../server/files/file-types';
import { receiveUpload } from '../../../server/files/uploads';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession, type RouteAccess } from '../../../server/plugins/request-context';
import { AppError, isAppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { isUuid } from '../../../shared/ids';
import type { HttpMethod, Scope } from '../../../shared/scopes';
import {
  CreateIncidentInputSchema,
  INCIDENT_ENDPOINT,
  INCIDENT_RESOURCE,
  incidentMessages,
  IncidentListQuerySchema,
  RiddorReportInputSchema,
  UpdateIncidentInputSchema,
} from '../incidents.contract';
import { incidentsCsv } from './incidents-csv';
import * as service from './incidents.service';

const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
const PHOTO_TYPES = [FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.heic, FILE_TYPES.heif, FILE_TYPES.webp, FILE_TYPES.pdf];

const param = (request: FastifyRequest, name: string) => {
  const value = (request.params as Record<string, unknown>)[name];
  if (!isUuid(value)) throw AppError.notFound();
  return value;
};

export async function incidentsRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const { db } = deps;
  const base = `/api/${INCIDENT_RESOURCE}`;
  const access = (method: HttpMethod, scope?: Scope): { access: RouteAccess } => ({
    access: { endpoint: INCIDENT_ENDPOINT, method, ...(scope ? { scope } : {}) },
  });
  const callerOf = (request: FastifyRequest): service.IncidentCaller => ({ db, ...auditCallerOf(request), mail: deps.mail });

  const upload = (request: FastifyRequest, trx: Trx) => {
    const session = requireSession(request);
    return receiveUpload(request, {
      db: trx,
      companyId: requireCompany(session),
      userId: session.userId,
      maxBytes: PHOTO_MAX_BYTES,
      allowedTypes: PHOTO_TYPES,
    }).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'unsupportedMediaType')
        throw AppError.validation({ file: [incidentMessages.photoType] }, incidentMessages.photoType);
      throw error;
    });
  };

  app.get(`${base}/export`, { config: access('GET', 'company') }, async (request, reply) => {
    const query = parseInput(IncidentListQuerySchema, request.query ?? {});
    const csv = incidentsCsv(await service.exportIncidents(callerOf(request), query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(`incident-log-${londonDate(new Date())}.csv`))
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  mountResource(app, deps, {
    name: INCIDENT_RESOURCE,
    list: {
      query: IncidentListQuerySchema,
      handler: ({ request, query, paging }) => service.listIncidents(callerOf(request), { query, paging }),
    },
    get: { handler: ({ request, id }) => service.getIncident(callerOf(request), id) },
    update: {
      scope: 'company',
      body: UpdateIncidentInputSchema,
      handler: ({ request, id, body }) => service.updateIncident(callerOf(request), id, body),
    },
    delete: { scope: 'company', handler: ({ request, id }) => service.deleteIncident(callerOf(request), id) },
  });

  // Reporting: a JSON body, or multipart with the record as JSON in `data` and a photo in `file`.
  app.post(base, { config: access('POST') }, async (request, reply) => {
    const caller = callerOf(request);
    if (!request.isMultipart()) {
      return reply.code(201).send(await service.reportIncident(caller, { incident: parseInput(CreateIncidentInputSchema, request.body) }));
    }
    const detail = await service.reportIncident(caller, {
      receive: async (trx) => {
        const received = await upload(request, trx);
        let data: unknown;
        try {
          data = JSON.parse(typeof received.fields.data === 'string' ? received.fields.data : 'null');
        } catch {
          throw new AppError('badRequest', { message: 'The record could not be read.' });
        }
        return { incident: parseInput(CreateIncidentInputSchema, data), fileId: received.file.id };
      },
    });
    return reply.code(201).send(detail);
  });

  app.post(`${base}/:id/riddor-report`, { config: access('PUT', 'company') }, async (request) =>
    service.markReported(callerOf(request), param(request, 'id'), parseInput(RiddorReportInputSchema, request.body)),
  );

  app.get(`${base}/:id/absences`, { config: access('PUT', 'company') }, async (request) =>
    service.sicknessAbsencesFor(callerOf(request), param(request, 'id')),
  );

  app.post(`${base}/:id/files`, { config: access('GET') }, async (request, reply) => {
    const id = param(request, 'id');
    return reply
      .code(201)
      .send(await service.attachIncidentFile(callerOf(request), id, async (trx) => (await upload(request, trx)).file.id));
  });

  app.get(`${base}/:id/files/:fileId`, { config: access('GET') }, async (request, reply) =>
    sendFile(reply, await service.readIncidentFile(callerOf(request), { id: param(request, 'id'), fileId: param(request, 'fileId') })),
  );
}
