// Completion of a signing request once its last signer has signed: the signed PDF with its
// certificate page and the evidence trail, sealed with the company's certificate (made on first
// use), stored as the request's final file, and everyone involved told.
import { randomBytes } from 'node:crypto';
import type { AuditCaller } from '../../../server/audit/audit-entry';
import type { Trx } from '../../../server/db/database';
import type { FileStorage } from '../../../server/files/storage';
import { escapeHtml } from '../../../server/mail/html';
import { notify } from '../../../server/notifications/notify';
import { findVersionFile } from './documents.queries';
import { readAll } from './documents.service';
import { storeGeneratedFile } from './signing-view';
import { trail } from './signing-trail';
import {
  findCompanyName,
  findSealCertificate,
  findSigners,
  findTrail,
  finishRequest,
  saveSealCertificate,
  type SignRequestRow,
} from './signing.queries';

async function sealCertificate(trx: Trx, companyId: string, companyName: string) {
  const existing = await findSealCertificate(trx, companyId);
  if (existing) return existing;
  const passphrase = randomBytes(18).toString('base64url');
  const { generateSealCertificate } = await import('./pdf-seal');
  const made = generateSealCertificate({ companyName, passphrase });
  return (await saveSealCertificate(trx, { companyId, p12: made.p12, passphrase }))!;
}

export async function completeRequest(
  trx: Trx,
  caller: AuditCaller & { storage: FileStorage },
  input: { companyId: string; documentId: string; title: string; request: SignRequestRow },
) {
  const { companyId, documentId, request } = input;
  const file = await findVersionFile(trx, { companyId, documentId, versionId: request.version_id });
  if (!file) throw new Error('signing request without its version file');
  const bytes = await readAll(await caller.storage.open(file.storage_key));
  const signers = await findSigners(trx, { companyId, requestId: request.id });
  const companyName = await findCompanyName(trx, companyId);
  const events = await findTrail(trx, { companyId, documentId, requestId: request.id });
  // The PDF libraries load when a first document is completed, not when the server starts.
  const [{ buildCompletedPdf }, { sealPdf }] = await Promise.all([import('./pdf-completion'), import('./pdf-seal')]);
  const { pdf, signedContentSha256 } = await buildCompletedPdf({
    title: input.title,
    documentId,
    requestId: request.id,
    companyName,
    file: { bytes, mimeType: file.mime_type, sha256: request.version_sha256 },
    signers: signers.map((s) => ({
      name: s.name,
      email: s.email,
      signedAt: s.signed_at ?? new Date(),
      kind: s.signature_kind ?? 'typed',
      png: s.signature_png,
      typedName: s.typed_name,
    })),
    trail: events.map((e) => ({
      event: e.event,
      at: e.created_at,
      actor: e.actor_name,
      identification: e.identification,
      ip: e.ip,
      userAgent: e.user_agent,
      sha256: e.sha256,
    })),
  });
  const certificate = await sealCertificate(trx, companyId, companyName);
  const sealed = await sealPdf(pdf, { certificate, companyName, reason: `Signed by ${signers.map((s) => s.name).join(', ')}` });
  const baseName =
    input.title
      .replace(/[^\w .-]+/g, '')
      .trim()
      .slice(0, 80) || 'document';
  const stored = await storeGeneratedFile(trx, caller.storage, {
    companyId,
    bytes: sealed,
    name: `${baseName} (signed).pdf`,
    mimeType: 'application/pdf',
    createdBy: null,
  });
  await finishRequest(trx, { requestId: request.id, status: 'completed', finalFileId: stored.id, finalSha256: stored.sha256 });
  await trail(trx, caller, {
    companyId,
    documentId,
    requestId: request.id,
    event: 'completed',
    sha256: stored.sha256,
    detail: `Shown ${request.version_sha256}; signed pages ${signedContentSha256}; final ${stored.sha256}`,
  });
  // Not the one whose signature completed it: their page says so as they sign, and a bell to
  // tell them would be the only thing left in it once their to-dos are done.
  const told = [request.created_by, ...signers.map((s) => s.user_id)].filter(
    (value): value is string => Boolean(value) && value !== caller.session.userId,
  );
  for (const userId of new Set(told)) {
    await notify(trx, {
      companyId,
      userId,
      description: `<b>${escapeHtml(input.title)}</b> has been signed by everyone. The sealed copy is ready.`,
      relatesTo: 'document',
      relatesToId: documentId,
    });
  }
}
