// The company logo (company settings): uploaded and removed by those who change company
// settings (PNG, JPEG or WebP up to 2 MB, kept with the platform's uploads); its bytes are
// read by every user of the company with the bearer token.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withTenant } from '../../../server/db/database';
import { sendFile } from '../../../server/files/downloads';
import { FILE_TYPES } from '../../../server/files/file-types';
import { receiveUpload } from '../../../server/files/uploads';
import { requireOwnCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { COMPANY_LOGO_MAX_BYTES } from '../organisation.contract';
import { getCompanyLogoFile, setCompanyLogoFile } from './company-logo.queries';

const COMPANY_SETTINGS_ENDPOINT = '/api/company-settings';
const IMAGE_TYPES = [FILE_TYPES.png, FILE_TYPES.jpeg, FILE_TYPES.webp];
const WRITE = { endpoint: COMPANY_SETTINGS_ENDPOINT, scope: 'company' } as const;

export const companyLogoRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  /** The company of the path, which must be the caller's own. */
  const companyOf = (request: FastifyRequest) => {
    const session = requireSession(request);
    const { companyId } = request.params as { companyId: string };
    return { session, companyId: requireOwnCompany(session, companyId) };
  };
  const audit = (request: FastifyRequest, input: { companyId: string; action: string }) => ({
    caller: auditCallerOf(request),
    companyId: input.companyId,
    action: input.action,
    targetType: 'company',
    targetId: input.companyId,
    invalidates: ['company-settings'],
  });

  app.get('/api/company-logo/:companyId', { config: { access: 'authenticated' } }, async (request, reply) => {
    const { companyId } = companyOf(request);
    const file = await withTenant(db, companyId, (trx) => getCompanyLogoFile(trx, companyId));
    if (!file) throw AppError.notFound();
    return sendFile(reply, file);
  });

  app.post('/api/company-logo/:companyId', { config: { access: { ...WRITE, method: 'PUT' } } }, async (request, reply) => {
    const { session, companyId } = companyOf(request);
    const { file, replaced } = await withTenant(db, companyId, async (trx) => {
      const upload = await receiveUpload(request, {
        db: trx,
        companyId,
        userId: session.userId,
        maxBytes: COMPANY_LOGO_MAX_BYTES,
        allowedTypes: IMAGE_TYPES,
      });
      const previous = await setCompanyLogoFile(trx, { companyId, fileId: upload.file.id });
      await recordCompanyWrite(trx, audit(request, { companyId, action: 'company_logo.uploaded' }));
      return { file: upload.file, replaced: previous };
    });
    if (replaced)
      await app.fileStorage
        .delete(replaced.storage_key)
        .catch((error: unknown) => request.log.error({ err: error }, 'could not delete a replaced logo'));
    return reply.code(201).send({ id: file.id, name: file.original_name, created_at: file.created_at.toISOString() });
  });

  app.delete('/api/company-logo/:companyId', { config: { access: { ...WRITE, method: 'PUT' } } }, async (request, reply) => {
    const { companyId } = companyOf(request);
    const removed = await withTenant(db, companyId, async (trx) => {
      const previous = await setCompanyLogoFile(trx, { companyId, fileId: null });
      if (previous) await recordCompanyWrite(trx, audit(request, { companyId, action: 'company_logo.deleted' }));
      return previous;
    });
    if (!removed) throw AppError.notFound();
    await app.fileStorage
      .delete(removed.storage_key)
      .catch((error: unknown) => request.log.error({ err: error }, 'could not delete a removed logo'));
    return reply.code(204).send();
  });
};
