// Documents: the areas' lists and each document, uploads (one file a request; the page sends
// several side by side), new versions, changes, archiving, downloads (each version, the sealed
// copy), reading and acknowledging, and the evidence trail.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant, type Trx } from '../../../server/db/database';
import { sendFile } from '../../../server/files/downloads';
import { FILE_TYPES } from '../../../server/files/file-types';
import { getFile } from '../../../server/files/files.queries';
import { receiveUpload, type UploadFields } from '../../../server/files/uploads';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, type RouteAccess } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import {
  DOCUMENT_ENDPOINT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_RESOURCES,
  DOCUMENT_TO_DO_PATH,
  DocumentListQuerySchema,
  DocumentUpdateSchema,
  DocumentUploadSchema,
  ViewedInputSchema,
  type DocumentUploadInput,
} from '../documents.contract';
import { managesDocuments } from './documents-view';
import { findVersionFile } from './documents.queries';
import {
  addDocumentVersion,
  changeDocument,
  countMyDocumentsToDo,
  createDocumentFromFile,
  getDocument,
  listDocuments,
  markRead,
  removeDocument,
  visibleDocument,
  type DocumentsCaller,
} from './documents.service';
import { auditView, actorFacts } from './signing-view';
import { appendTrail, findLatestRequest, findSigners } from './signing.queries';
import { recordViewed } from './signing.service';

export const DOCUMENT_FILE_TYPES = [
  FILE_TYPES.pdf,
  FILE_TYPES.docx,
  FILE_TYPES.xlsx,
  FILE_TYPES.png,
  FILE_TYPES.jpeg,
  FILE_TYPES.gif,
  FILE_TYPES.webp,
];
const manage = (method: 'POST' | 'PUT' | 'DELETE'): { access: RouteAccess } => ({
  access: { endpoint: DOCUMENT_ENDPOINT, method, scope: 'company' },
});
/** Reading, acknowledging and signing need only the right to see documents; the service checks whose turn it is. */
export const readerWrite: { access: RouteAccess } = { access: { endpoint: DOCUMENT_ENDPOINT, method: 'GET' } };

export const idOf = (request: FastifyRequest): string => {
  const id = (request.params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/** Multipart fields are text: lists come as JSON (or repeated fields), flags as "true"/"false". */
function uploadInput(fields: UploadFields): Record<string, unknown> {
  const input: Record<string, unknown> = { ...fields };
  for (const key of ['audience_ids', 'tag_ids']) {
    const value = fields[key];
    if (typeof value === 'string') {
      try {
        input[key] = value.trim().startsWith('[') ? JSON.parse(value) : value === '' ? [] : [value];
      } catch {
        throw AppError.validation({ [key]: ['Please choose again.'] });
      }
    }
  }
  for (const key of ['folder_id', 'subject_user_id']) if (fields[key] === '') input[key] = null;
  if (typeof fields.special_category === 'string') input.special_category = fields.special_category === 'true';
  return input;
}

/** A document's file, received in the transaction that records it: a refusal takes the file away too. */
const documentFile = (trx: Trx, caller: DocumentsCaller) => ({
  db: trx,
  companyId: requireCompany(caller.session),
  userId: caller.session.userId,
  maxBytes: DOCUMENT_MAX_BYTES,
  allowedTypes: DOCUMENT_FILE_TYPES,
});

export function mountDocuments(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const callerOf = (request: FastifyRequest): DocumentsCaller => ({ ...auditCallerOf(request), db, storage: app.fileStorage });

  mountResource(app, deps, {
    name: DOCUMENT_RESOURCES.document,
    list: {
      query: DocumentListQuerySchema,
      // Documents, their versions, tags, folders, reads and signatures change only by writes that publish.
      versioned: true,
      handler: ({ request, query, paging }) => listDocuments(db, { caller: auditCallerOf(request), query, paging }),
    },
    get: { handler: ({ request, id }) => getDocument(db, auditCallerOf(request), id) },
    update: {
      scope: 'company',
      body: DocumentUpdateSchema,
      handler: ({ request, id, body }) => changeDocument(callerOf(request), id, body),
    },
    delete: { scope: 'company', handler: ({ request, id }) => removeDocument(callerOf(request), id) },
  });

  app.get(DOCUMENT_TO_DO_PATH, { config: readerWrite }, async (request) => countMyDocumentsToDo(db, auditCallerOf(request)));

  app.post('/api/document', { config: manage('POST') }, async (request, reply) => {
    const caller = callerOf(request);
    const companyId = requireCompany(caller.session);
    const id = await withTenant(db, companyId, async (trx) => {
      const parsed: { fields?: DocumentUploadInput } = {};
      const upload = await receiveUpload(request, {
        ...documentFile(trx, caller),
        validateFields: (raw) => {
          parsed.fields = parseInput(DocumentUploadSchema, uploadInput(raw));
        },
      });
      if (!parsed.fields) throw AppError.validation({ title: ['Field is required.'] });
      return createDocumentFromFile(caller, { fields: parsed.fields, file: upload.file }, trx);
    });
    return reply.code(201).send(await getDocument(db, caller, id));
  });

  app.post('/api/document/:id/version', { config: manage('POST') }, async (request, reply) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const companyId = requireCompany(caller.session);
    // In one transaction: the document must exist before a byte is stored, and a refused
    // version (a Word file for a document to sign) takes its stored file away with it.
    const detail = await withTenant(db, companyId, async (trx) => {
      await visibleDocument(trx, caller, id);
      const upload = await receiveUpload(request, documentFile(trx, caller));
      return addDocumentVersion(caller, { id, file: upload.file }, trx);
    });
    return reply.code(201).send(detail);
  });

  // A version's file (the current one unless ?version= names another). A signer's fetch of the
  // version they are asked to sign is the trail's "viewed", with the hash of the bytes sent —
  // unless ?ahead=1 says the device is keeping it for signing offline, unread as yet.
  app.get('/api/document/:id/file', { config: readerWrite }, async (request, reply) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const companyId = requireCompany(caller.session, 'not_found');
    const { version: versionParam, ahead } = (request.query as { version?: unknown; ahead?: unknown } | null) ?? {};
    const file = await withTenant(db, companyId, async (trx) => {
      const row = await visibleDocument(trx, caller, id);
      const versionId = typeof versionParam === 'string' && versionParam !== '' ? versionParam : row.version_id;
      if (!isUuid(versionId)) throw AppError.notFound();
      const found = await findVersionFile(trx, { companyId, documentId: id, versionId });
      if (!found) throw AppError.notFound();
      if (versionId === row.version_id && ahead !== '1') await recordViewed(trx, caller, { documentId: id, sha256: found.sha256 });
      return found;
    });
    return sendFile(reply, file);
  });

  // The sealed copy of the completed signing request.
  app.get('/api/document/:id/signed-file', { config: readerWrite }, async (request, reply) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const companyId = requireCompany(caller.session, 'not_found');
    const file = await withTenant(db, companyId, async (trx) => {
      await visibleDocument(trx, caller, id);
      const signRequest = await findLatestRequest(trx, { companyId, documentId: id });
      if (!signRequest?.final_file_id) throw AppError.notFound();
      const found = await getFile(trx, { companyId, id: signRequest.final_file_id });
      if (!found) throw AppError.notFound();
      await appendTrail(trx, {
        companyId,
        documentId: id,
        requestId: signRequest.id,
        event: 'downloaded',
        sha256: found.sha256,
        ...(await actorFacts(trx, { userId: caller.session.userId, impersonatorId: caller.session.impersonatorId, source: caller.source })),
      });
      return found;
    });
    return sendFile(reply, file);
  });

  app.post('/api/document/:id/read', { config: readerWrite }, async (request) => markRead(callerOf(request), idOf(request), false));
  app.post('/api/document/:id/acknowledge', { config: readerWrite }, async (request) => markRead(callerOf(request), idOf(request), true));
  app.post('/api/document/:id/viewed', { config: readerWrite }, async (request) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const body = parseInput(ViewedInputSchema, request.body ?? {});
    const companyId = requireCompany(caller.session, 'not_found');
    await withTenant(db, companyId, async (trx) => {
      const row = await visibleDocument(trx, caller, id);
      await recordViewed(trx, caller, { documentId: id, sha256: body.sha256 ?? row.version_sha256 });
    });
    return { ok: true };
  });

  // The trail: for those who manage documents and the request's signers.
  app.get('/api/document/:id/audit', { config: readerWrite }, async (request) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const companyId = requireCompany(caller.session, 'not_found');
    return withTenant(db, companyId, async (trx) => {
      await visibleDocument(trx, caller, id);
      if (!managesDocuments(caller.session)) {
        const signRequest = await findLatestRequest(trx, { companyId, documentId: id });
        const signers = signRequest ? await findSigners(trx, { companyId, requestId: signRequest.id }) : [];
        if (!signers.some((signer) => signer.user_id === caller.session.userId)) throw AppError.forbidden();
      }
      return auditView(trx, { companyId, documentId: id });
    });
  });
}
