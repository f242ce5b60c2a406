// The certificate that seals completed documents: shown to those who manage documents, replaced
// by the company's own (a PKCS#12 file and its passphrase, checked before it is kept), or set
// back to a generated one. Changes are audited; the passphrase is never shown again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCaller, auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { readingMultipart } from '../../../server/files/uploads';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { companyChannel } from '../../../shared/realtime';
import {
  DOCUMENT_ENDPOINT,
  DOCUMENT_RESOURCES,
  DOCUMENTS_INVALIDATES,
  sealCertificateMessages,
  type SealCertificateInfo,
} from '../documents.contract';
import { deleteSealCertificate, findSealCertificate, replaceSealCertificate } from './signing.queries';

const PATH = `/api/${DOCUMENT_RESOURCES.seal}`;
const MAX_BYTES = 64 * 1024;

/** The multipart body's certificate file and passphrase; anything else is refused. */
async function readCertificate(request: FastifyRequest): Promise<{ p12: Buffer; passphrase: string }> {
  if (!request.isMultipart()) throw AppError.validation({ file: [sealCertificateMessages.file] });
  return readingMultipart(() => readParts(request));
}

async function readParts(request: FastifyRequest): Promise<{ p12: Buffer; passphrase: string }> {
  let p12: Buffer | null = null;
  let passphrase = '';
  for await (const part of request.parts({ limits: { fileSize: MAX_BYTES + 1, files: 1, fields: 2 } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file' || bytes.length === 0 || bytes.length > MAX_BYTES || part.file.truncated) {
        throw AppError.validation({ file: [sealCertificateMessages.file] });
      }
      p12 = bytes;
    } else if (part.fieldname === 'passphrase' && typeof part.value === 'string') {
      passphrase = part.value.slice(0, 200);
    }
  }
  if (!p12) throw AppError.validation({ file: [sealCertificateMessages.file] });
  return { p12, passphrase };
}

export function mountSealCertificate(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const access = (method: 'GET' | 'PUT') => ({ access: { endpoint: DOCUMENT_ENDPOINT, method, scope: 'company' as const } });
  const describe = async (certificate: { p12: Buffer; passphrase: string }) =>
    (await import('./pdf-seal')).describeSealCertificate(certificate);
  const changed = async (request: FastifyRequest, action: string, details: Record<string, unknown> | null) => {
    const companyId = requireCompany(requireSession(request));
    await withTenant(db, companyId, async (trx) => {
      await auditCaller(trx, auditCallerOf(request), { companyId, action, targetType: DOCUMENT_RESOURCES.seal, targetId: null, details });
      await publish(trx, {
        channel: companyChannel(companyId),
        event: DOCUMENT_RESOURCES.seal,
        invalidates: DOCUMENTS_INVALIDATES.seal,
        companyId,
      });
    });
  };

  app.get(PATH, { config: access('GET') }, async (request): Promise<SealCertificateInfo | null> => {
    const companyId = requireCompany(requireSession(request));
    const stored = await withTenant(db, companyId, (trx) => findSealCertificate(trx, companyId));
    return stored ? await describe(stored) : null;
  });

  app.put(PATH, { config: { ...access('PUT'), idempotency: false } }, async (request): Promise<SealCertificateInfo> => {
    const companyId = requireCompany(requireSession(request));
    const certificate = await readCertificate(request);
    const info = await describe(certificate);
    if (!info) throw AppError.validation({ file: [sealCertificateMessages.unreadable] });
    if (Date.parse(info.valid_to) <= Date.now()) throw AppError.validation({ file: [sealCertificateMessages.expired] });
    await withTenant(db, companyId, (trx) => replaceSealCertificate(trx, { companyId, ...certificate }));
    await changed(request, 'document_seal_certificate.uploaded', { subject: info.subject, valid_to: info.valid_to });
    return info;
  });

  app.delete(PATH, { config: access('PUT') }, async (request, reply) => {
    const companyId = requireCompany(requireSession(request));
    await withTenant(db, companyId, (trx) => deleteSealCertificate(trx, companyId));
    await changed(request, 'document_seal_certificate.reset', null);
    return reply.code(204).send();
  });
}
