// The documents' domain functions: lists and details within the audience rule, new documents
// and versions from stored uploads, changes, archiving, reading and acknowledging.
import type { Readable } from 'node:stream';
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import type { FileRecord } from '../../../server/files/files.queries';
import type { FileStorage } from '../../../server/files/storage';
import { publish } from '../../../server/realtime/publish';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { Paging } from '../../../shared/list';
import { companyChannel, userChannel } from '../../../shared/realtime';
import {
  DOCUMENTS_INVALIDATES,
  DOCUMENT_RESOURCES,
  isSignableType,
  NOT_SIGNABLE_MESSAGE,
  type DocumentDetail,
  type DocumentListQuery,
  type DocumentSummary,
  type DocumentToDoCounts,
  type DocumentUpdateInput,
  type DocumentUploadInput,
} from '../documents.contract';
import {
  addVersion,
  archiveDocument,
  countDocumentsToDoByKind,
  findDocument,
  findDocumentPage,
  findVersions,
  insertDocument,
  recordRead,
  updateDocument,
  type DocumentRow,
} from './documents.queries';
import { managesDocuments, readerOf, toSummary, toVersion } from './documents-view';
import { countOwned } from './labels.queries';
import { extractPdfText } from './pdf-text';
import { signRequestView } from './signing-view';
import { endDeclinedTodos, voidPendingRequest } from './signing.service';
import { findSigningOrder } from './templates.queries';

export type DocumentsCaller = AuditCaller & { db: Db; storage: FileStorage };

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The text search reads: a PDF's own text where it has one. */
export async function searchTextOf(storage: FileStorage, file: Pick<FileRecord, 'mime_type' | 'storage_key'>): Promise<string> {
  if (file.mime_type !== 'application/pdf') return '';
  return extractPdfText(await readAll(await storage.open(file.storage_key)));
}

export async function listDocuments(db: Db, input: { caller: AuditCaller; query: DocumentListQuery; paging: Paging }) {
  const companyId = requireCompany(input.caller.session);
  return withTenant(db, companyId, async (trx) => {
    const reader = await readerOf(trx, input.caller.session);
    const page = await findDocumentPage(trx, { companyId, reader, query: input.query, paging: input.paging });
    return { results: page.rows.map(toSummary), count: page.count };
  });
}

/** What waits for the caller in each area: documents to sign, to acknowledge and to read. */
export async function countMyDocumentsToDo(db: Db, caller: AuditCaller): Promise<DocumentToDoCounts> {
  const companyId = requireCompany(caller.session);
  const rows = await withTenant(db, companyId, async (trx) =>
    countDocumentsToDoByKind(trx, { companyId, reader: await readerOf(trx, caller.session) }),
  );
  const none = () => ({ to_sign: 0, to_acknowledge: 0, to_read: 0 });
  const counts: DocumentToDoCounts = { hr: none(), hs: none() };
  for (const row of rows) counts[row.area][row.kind] = row.n;
  return counts;
}

/** The document as the caller may see it: 404 when it is not the caller's company's, 403 when outside their audience. */
export async function visibleDocument(trx: Trx, caller: AuditCaller, id: string): Promise<DocumentRow> {
  const companyId = requireCompany(caller.session, 'not_found');
  const row = await findDocument(trx, { companyId, reader: await readerOf(trx, caller.session), id });
  if (row === undefined) throw AppError.notFound();
  if (row === 'hidden') throw AppError.forbidden();
  return row;
}

export async function documentDetail(trx: Trx, caller: AuditCaller, row: DocumentRow): Promise<DocumentDetail> {
  const companyId = requireCompany(caller.session);
  const versions = await findVersions(trx, { companyId, documentId: row.id });
  const signRequest = row.sign_request_id ? await signRequestView(trx, { companyId, documentId: row.id }) : null;
  const summary: DocumentSummary = toSummary(row);
  return {
    ...summary,
    versions: versions.map(toVersion),
    sign_request: signRequest,
    can_manage: managesDocuments(caller.session),
    can_sign: summary.my_status === 'to_sign',
    signing_order: await findSigningOrder(trx, { companyId, documentId: row.id }),
  };
}

export async function getDocument(db: Db, caller: AuditCaller, id: string): Promise<DocumentDetail> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(db, companyId, async (trx) => documentDetail(trx, caller, await visibleDocument(trx, caller, id)));
}

/** The lists a document names must be the company's own. */
async function checkReferences(trx: Trx, companyId: string, input: DocumentUpdateInput & { area?: 'hr' | 'hs' }): Promise<void> {
  const errors: Record<string, string[]> = {};
  const owned = async (table: 'document_folders' | 'departments' | 'company_locations' | 'users', ids: readonly string[]) =>
    (await countOwned(trx, { companyId, table, ids })) === new Set(ids).size;
  if (input.folder_id && !(await owned('document_folders', [input.folder_id]))) errors.folder_id = ['Please choose one of the folders.'];
  if (input.subject_user_id && !(await owned('users', [input.subject_user_id])))
    errors.subject_user_id = ['Please choose one of your people.'];
  const audienceTable = { departments: 'departments', locations: 'company_locations', people: 'users' } as const;
  if (input.audience === 'departments' || input.audience === 'locations' || input.audience === 'people') {
    if (input.audience_ids.length === 0) errors.audience_ids = ['Please choose who can see it.'];
    else if (!(await owned(audienceTable[input.audience], input.audience_ids))) errors.audience_ids = ['Please choose from your company.'];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/** "Sign" is for files that can be signed: a Word or Excel file would wait for a signature nobody can give. */
function checkSignable(action: DocumentUpdateInput['action'], mimeType: string): void {
  if (action === 'sign' && !isSignableType(mimeType)) throw AppError.validation({ action: [NOT_SIGNABLE_MESSAGE] }, NOT_SIGNABLE_MESSAGE);
}

async function announce(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: DOCUMENT_RESOURCES.document,
    invalidates: DOCUMENTS_INVALIDATES.document,
    companyId,
  });
}

export async function createDocumentFromFile(
  caller: DocumentsCaller,
  input: { fields: DocumentUploadInput; file: Pick<FileRecord, 'id' | 'sha256' | 'mime_type' | 'storage_key'>; searchText?: string },
  trxIn?: Trx,
): Promise<string> {
  const companyId = requireCompany(caller.session);
  const searchText = input.searchText ?? (await searchTextOf(caller.storage, input.file));
  const run = async (trx: Trx) => {
    checkSignable(input.fields.action, input.file.mime_type);
    await checkReferences(trx, companyId, input.fields);
    const id = await insertDocument(trx, {
      ...input.fields,
      companyId,
      area: input.fields.area,
      createdBy: caller.session.userId,
      searchText,
    });
    await addVersion(trx, {
      companyId,
      documentId: id,
      fileId: input.file.id,
      sha256: input.file.sha256,
      createdBy: caller.session.userId,
    });
    await auditCaller(trx, caller, {
      companyId,
      action: 'document.created',
      targetType: 'document',
      targetId: id,
      details: { title: input.fields.title },
    });
    await announce(trx, companyId);
    return id;
  };
  return trxIn ? run(trxIn) : withTenant(caller.db, companyId, run);
}

/**
 * A new version of a document. Given the transaction its file was received in (`trxIn`), a
 * refusal — a file that cannot be signed, for a document to sign — rolls the file back too.
 */
export async function addDocumentVersion(
  caller: DocumentsCaller,
  input: { id: string; file: FileRecord },
  trxIn?: Trx,
): Promise<DocumentDetail> {
  const companyId = requireCompany(caller.session);
  const searchText = await searchTextOf(caller.storage, input.file);
  const run = async (trx: Trx) => {
    const row = await visibleDocument(trx, caller, input.id);
    if (row.action === 'sign' && !isSignableType(input.file.mime_type)) {
      throw AppError.validation({ file: [NOT_SIGNABLE_MESSAGE] }, NOT_SIGNABLE_MESSAGE);
    }
    // A request to sign the old version can no longer be signed: it ends here.
    await voidPendingRequest(trx, caller, { documentId: row.id, reason: 'A new version of the document was uploaded.' });
    await addVersion(trx, {
      companyId,
      documentId: row.id,
      fileId: input.file.id,
      sha256: input.file.sha256,
      createdBy: caller.session.userId,
      searchText,
    });
    await auditCaller(trx, caller, { companyId, action: 'document.version_added', targetType: 'document', targetId: row.id, details: {} });
    await announce(trx, companyId);
    return documentDetail(trx, caller, await visibleDocument(trx, caller, row.id));
  };
  return trxIn ? run(trxIn) : withTenant(caller.db, companyId, run);
}

export async function changeDocument(caller: DocumentsCaller, id: string, input: DocumentUpdateInput): Promise<DocumentDetail | undefined> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await visibleDocument(trx, caller, id);
    checkSignable(input.action, row.mime_type);
    await checkReferences(trx, companyId, input);
    if (!(await updateDocument(trx, { ...input, companyId, id }))) return undefined;
    await auditCaller(trx, caller, {
      companyId,
      action: 'document.updated',
      targetType: 'document',
      targetId: id,
      details: { title: input.title },
    });
    await announce(trx, companyId);
    return documentDetail(trx, caller, await visibleDocument(trx, caller, id));
  });
}

export async function removeDocument(caller: DocumentsCaller, id: string): Promise<boolean> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    await voidPendingRequest(trx, caller, { documentId: id, reason: 'The document was removed.' }).catch(() => undefined);
    if (!(await archiveDocument(trx, { companyId, id }))) return false;
    await endDeclinedTodos(trx, { companyId, documentId: id });
    await auditCaller(trx, caller, { companyId, action: 'document.archived', targetType: 'document', targetId: id, details: {} });
    await announce(trx, companyId);
    return true;
  });
}

/** Records that the caller read (or read and acknowledged) the current version. */
export async function markRead(caller: DocumentsCaller, id: string, acknowledge: boolean): Promise<DocumentDetail> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await visibleDocument(trx, caller, id);
    if (acknowledge && row.action !== 'acknowledge')
      throw AppError.validation({ action: ['This document does not ask to be acknowledged.'] });
    await recordRead(trx, { companyId, versionId: row.version_id, userId: caller.session.userId, acknowledge });
    if (acknowledge) {
      await auditCaller(trx, caller, {
        companyId,
        action: 'document.acknowledged',
        targetType: 'document',
        targetId: id,
        details: { version: row.version_number },
      });
      await publish(trx, {
        channel: userChannel(caller.session.userId),
        event: DOCUMENT_RESOURCES.document,
        invalidates: DOCUMENTS_INVALIDATES.document,
        companyId,
      });
    }
    return documentDetail(trx, caller, await visibleDocument(trx, caller, id));
  });
}
