// Signing: a request to one or more signers (in order or all at once), their signatures and
// declines, and voiding; the last signature completes the request (signing-completion.ts).
// Every step writes the evidence trail in the same transaction as the change.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import type { FileStorage } from '../../../server/files/storage';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { requireCompany } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { formatCalendarDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import {
  CONSENT_LINE,
  DOCUMENTS_INVALIDATES,
  DOCUMENT_CHANGED_MESSAGE,
  DOCUMENT_RESOURCES,
  isSignableType,
  NOT_SIGNABLE_MESSAGE,
  SHOWN_OFFLINE_DETAIL,
  signedOnDeviceDetail,
  type DocumentDetail,
  type SignInput,
  type SignRequestInput,
} from '../documents.contract';
import { DOCUMENT_SIGN, DOCUMENT_SIGNING_DECLINED } from './documents.todos';
import { countOwned } from './labels.queries';
import { documentDetail, visibleDocument } from './documents.service';
import { managesDocuments } from './documents-view';
import { completeRequest } from './signing-completion';
import { trail } from './signing-trail';
import {
  findLatestRequest,
  findSigners,
  finishRequest,
  insertSignRequest,
  markSigned,
  setSignerStatus,
  type SignRequestRow,
  type SignerRow,
} from './signing.queries';

type Caller = AuditCaller & { storage: FileStorage };

async function askToSign(
  trx: Trx,
  input: {
    companyId: string;
    documentId: string;
    title: string;
    message: string;
    dueDate: string | null;
    signers: SignerRow[];
    reminder?: boolean;
  },
) {
  for (const signer of input.signers) {
    const due = input.dueDate ? ` by ${formatCalendarDate(input.dueDate, 'dd/MM/yyyy')}` : '';
    await notify(trx, {
      companyId: input.companyId,
      userId: signer.user_id,
      description: `${input.reminder ? 'Reminder: please' : 'Please'} sign <b>${escapeHtml(input.title)}</b>${due}.`,
      relatesTo: 'document_sign',
      relatesToId: input.documentId,
      todo: true,
      kind: DOCUMENT_SIGN.kind,
      email: {
        subject: `${input.reminder ? 'Reminder: ' : ''}Please sign ${input.title}`,
        text: `You are asked to sign "${input.title}"${due}.${input.message ? `\n\n${input.message}` : ''}\n\nSign in to Stafflane: the document is waiting for you under HR Documents (the bell links to it).`,
      },
    });
  }
}

/** Signers' "please sign" to-dos end: `userId`'s when they sign, every signer's when the request ends unsigned. */
async function endSignTodos(trx: Trx, input: { companyId: string; documentId: string; userId?: string }) {
  await resolveTodos(trx, {
    companyId: input.companyId,
    kind: DOCUMENT_SIGN.kind,
    subject: todoSubject('document_sign', input.documentId),
    ...(input.userId ? { userId: input.userId } : {}),
  });
}

/** The sender's "a signer declined" to-do ends when the document is sent to sign again or removed. */
export async function endDeclinedTodos(trx: Trx, input: { companyId: string; documentId: string }) {
  await resolveTodos(trx, {
    companyId: input.companyId,
    kind: DOCUMENT_SIGNING_DECLINED.kind,
    subject: todoSubject('document', input.documentId),
  });
}

async function announce(trx: Trx, companyId: string) {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: DOCUMENT_RESOURCES.document,
    invalidates: DOCUMENTS_INVALIDATES.document,
    companyId,
  });
}

export async function createSignRequest(caller: Caller & { db: Db }, id: string, input: SignRequestInput): Promise<DocumentDetail> {
  const companyId = requireCompany(caller.session);
  if (!managesDocuments(caller.session)) throw AppError.forbidden();
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await visibleDocument(trx, caller, id);
    if (!isSignableType(row.mime_type)) throw AppError.validation({ signer_ids: [NOT_SIGNABLE_MESSAGE] }, NOT_SIGNABLE_MESSAGE);
    const latest = await findLatestRequest(trx, { companyId, documentId: id, forUpdate: true });
    if (latest?.status === 'pending')
      throw new AppError('conflict', { message: 'This document is already waiting for signatures. Void that request first.' });
    const signerIds = [...new Set(input.signer_ids)];
    if ((await countOwned(trx, { companyId, table: 'users', ids: signerIds })) !== signerIds.length)
      throw AppError.validation({ signer_ids: ['Please choose signers from your company.'] });
    const requestId = await insertSignRequest(trx, {
      companyId,
      documentId: id,
      versionId: row.version_id,
      ordering: input.ordering,
      message: input.message,
      dueDate: input.due_date || null,
      createdBy: caller.session.userId,
      signerIds,
    });
    await trail(trx, caller, { companyId, documentId: id, requestId, event: 'created', sha256: row.version_sha256 });
    await endDeclinedTodos(trx, { companyId, documentId: id });
    const signers = await findSigners(trx, { companyId, requestId });
    const first = signers.filter((signer) => signer.status === 'pending');
    await trail(trx, caller, {
      companyId,
      documentId: id,
      requestId,
      event: 'sent',
      sha256: row.version_sha256,
      detail: `Sent to ${first.map((s) => s.name).join(', ')}`,
    });
    await askToSign(trx, {
      companyId,
      documentId: id,
      title: row.title,
      message: input.message,
      dueDate: input.due_date || null,
      signers: first,
    });
    await auditCaller(trx, caller, {
      companyId,
      action: 'document.sign_requested',
      targetType: 'document',
      targetId: id,
      details: { signers: signerIds.length },
    });
    await announce(trx, companyId);
    return documentDetail(trx, caller, await visibleDocument(trx, caller, id));
  });
}

/** The caller's turn on the document's pending request, with the request locked. */
async function myTurn(
  trx: Trx,
  caller: AuditCaller,
  documentId: string,
): Promise<{ request: SignRequestRow; signers: SignerRow[]; me: SignerRow }> {
  const companyId = requireCompany(caller.session);
  const request = await findLatestRequest(trx, { companyId, documentId, forUpdate: true });
  if (!request) throw new AppError('conflict', { message: 'This document is not waiting for your signature.' });
  const signers = await findSigners(trx, { companyId, requestId: request.id });
  const me = signers.find((signer) => signer.user_id === caller.session.userId);
  if (!me) throw AppError.forbidden();
  if (me.status === 'signed') throw new AppError('conflict', { message: 'You have signed this document already.' });
  if (request.status !== 'pending')
    throw new AppError('conflict', {
      message: `This signing request has been ${request.status === 'completed' ? 'completed' : request.status}.`,
    });
  if (me.status === 'waiting') throw new AppError('conflict', { message: 'It is not your turn to sign yet.' });
  if (me.status !== 'pending') throw new AppError('conflict', { message: 'This document is not waiting for your signature.' });
  return { request, signers, me };
}

/** The trail's "viewed": the exact file a signer was shown. */
export async function recordViewed(trx: Trx, caller: AuditCaller, input: { documentId: string; sha256: string }): Promise<void> {
  const companyId = requireCompany(caller.session);
  const request = await findLatestRequest(trx, { companyId, documentId: input.documentId });
  if (!request || request.status !== 'pending') return;
  const signers = await findSigners(trx, { companyId, requestId: request.id });
  if (!signers.some((signer) => signer.user_id === caller.session.userId && signer.status === 'pending')) return;
  await trail(trx, caller, { companyId, documentId: input.documentId, requestId: request.id, event: 'viewed', sha256: input.sha256 });
}

export async function signDocument(caller: Caller, trx: Trx, id: string, input: SignInput): Promise<DocumentDetail> {
  const companyId = requireCompany(caller.session);
  const row = await visibleDocument(trx, caller, id);
  // The signer saw another version (a new one came while they were offline, say): nothing is
  // signed, and nothing is written before this check, so the refusal leaves no trace.
  if (input.seen_sha256 !== row.version_sha256) throw new AppError('conflict', { message: DOCUMENT_CHANGED_MESSAGE });
  const { request, signers, me } = await myTurn(trx, caller, id);
  if (input.seen_sha256 !== request.version_sha256 || row.version_id !== request.version_id)
    throw new AppError('conflict', { message: DOCUMENT_CHANGED_MESSAGE });
  if (input.kind === 'drawn' && !input.image) throw AppError.validation({ image: ['Please draw your signature.'] });
  if (input.kind === 'typed' && !input.typed_name) throw AppError.validation({ typed_name: ['Please type your name.'] });
  const png = input.kind === 'drawn' && input.image ? Buffer.from(input.image.split(',')[1] ?? '', 'base64') : null;
  if (png && (png.length < 67 || png.subarray(1, 4).toString('latin1') !== 'PNG'))
    throw AppError.validation({ image: ['Please draw your signature again.'] });

  const at = new Date();
  if (input.shown_offline)
    await trail(trx, caller, {
      companyId,
      documentId: id,
      requestId: request.id,
      event: 'viewed',
      sha256: input.seen_sha256,
      detail: SHOWN_OFFLINE_DETAIL,
    });
  await trail(trx, caller, {
    companyId,
    documentId: id,
    requestId: request.id,
    event: 'consented',
    sha256: input.seen_sha256,
    detail: CONSENT_LINE,
  });
  await markSigned(trx, {
    signerId: me.id,
    kind: input.kind,
    png,
    typedName: input.kind === 'typed' ? (input.typed_name ?? null) : null,
    at,
  });
  await endSignTodos(trx, { companyId, documentId: id, userId: caller.session.userId });
  await trail(trx, caller, {
    companyId,
    documentId: id,
    requestId: request.id,
    event: 'signed',
    sha256: input.seen_sha256,
    detail: signedOnDeviceDetail(input.kind, input.signed_at, at),
  });
  await auditCaller(trx, caller, {
    companyId,
    action: 'document.signed',
    targetType: 'document',
    targetId: id,
    details: { request: request.id },
  });

  const remaining = signers.filter((signer) => signer.id !== me.id && signer.status !== 'signed');
  if (remaining.length === 0) {
    await completeRequest(trx, caller, { companyId, documentId: id, title: row.title, request });
  } else if (request.ordering === 'sequential' && !remaining.some((signer) => signer.status === 'pending')) {
    const next = remaining[0]!;
    await setSignerStatus(trx, { signerIds: [next.id], status: 'pending' });
    await askToSign(trx, {
      companyId,
      documentId: id,
      title: row.title,
      message: request.message,
      dueDate: request.due_date,
      signers: [next],
    });
  }
  await announce(trx, companyId);
  return documentDetail(trx, caller, await visibleDocument(trx, caller, id));
}

export async function declineDocument(caller: Caller, trx: Trx, id: string, reason: string): Promise<DocumentDetail> {
  const companyId = requireCompany(caller.session);
  const row = await visibleDocument(trx, caller, id);
  const { request, signers, me } = await myTurn(trx, caller, id);
  await setSignerStatus(trx, { signerIds: [me.id], status: 'declined', reason });
  await setSignerStatus(trx, {
    signerIds: signers.filter((s) => s.id !== me.id && s.status !== 'signed').map((s) => s.id),
    status: 'voided',
  });
  await finishRequest(trx, { requestId: request.id, status: 'declined' });
  await endSignTodos(trx, { companyId, documentId: id });
  await trail(trx, caller, {
    companyId,
    documentId: id,
    requestId: request.id,
    event: 'declined',
    sha256: request.version_sha256,
    detail: reason,
  });
  if (request.created_by)
    await notify(trx, {
      companyId,
      userId: request.created_by,
      description: `${escapeHtml(me.name)} declined to sign <b>${escapeHtml(row.title)}</b>: ${escapeHtml(reason)}`,
      relatesTo: 'document',
      relatesToId: id,
      todo: true,
      kind: DOCUMENT_SIGNING_DECLINED.kind,
      email: {
        subject: `${me.name} declined to sign ${row.title}`,
        text: `${me.name} declined to sign "${row.title}".\n\nTheir reason: ${reason}`,
      },
    });
  await announce(trx, companyId);
  return documentDetail(trx, caller, await visibleDocument(trx, caller, id));
}

/** Ends the document's pending request, if it has one (void, or a new version). */
export async function voidPendingRequest(trx: Trx, caller: AuditCaller, input: { documentId: string; reason: string }): Promise<boolean> {
  const companyId = requireCompany(caller.session);
  const request = await findLatestRequest(trx, { companyId, documentId: input.documentId, forUpdate: true });
  if (!request || request.status !== 'pending') return false;
  const signers = await findSigners(trx, { companyId, requestId: request.id });
  await setSignerStatus(trx, { signerIds: signers.filter((s) => s.status !== 'signed').map((s) => s.id), status: 'voided' });
  await finishRequest(trx, { requestId: request.id, status: 'voided', voidReason: input.reason });
  await endSignTodos(trx, { companyId, documentId: input.documentId });
  await trail(trx, caller, {
    companyId,
    documentId: input.documentId,
    requestId: request.id,
    event: 'voided',
    sha256: request.version_sha256,
    detail: input.reason,
  });
  for (const signer of signers.filter((s) => s.status === 'pending'))
    await notify(trx, {
      companyId,
      userId: signer.user_id,
      description: 'A document you were asked to sign was withdrawn.',
      relatesTo: 'document',
      relatesToId: input.documentId,
    });
  await announce(trx, companyId);
  return true;
}

export { askToSign };
