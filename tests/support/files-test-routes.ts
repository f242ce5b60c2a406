// TEST ONLY: a module-like plugin that uploads and downloads through the files platform the
// way product modules will (upload with a 100 KB limit allowing PDF/PNG/JPEG; download by
// id within the caller's company, or among global files for an administrator).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../src/server/app-deps';
import { withSystem, withTenant } from '../../src/server/db/database';
import { sendFile } from '../../src/server/files/downloads';
import { FILE_TYPES } from '../../src/server/files/file-types';
import { getFile } from '../../src/server/files/files.queries';
import { receiveUpload, type ReceiveUploadOptions } from '../../src/server/files/uploads';
import { requireSession } from '../../src/server/plugins/request-context';
import { AppError } from '../../src/shared/app-error';

export const TEST_FILES_PATH = '/api/test-files';
export const TEST_UPLOAD_MAX_BYTES = 100 * 1024;

export const filesTestRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(TEST_FILES_PATH, { config: { access: 'authenticated' } }, async (request, reply) => {
    const session = requireSession(request);
    const options: Omit<ReceiveUploadOptions, 'db'> = {
      maxBytes: TEST_UPLOAD_MAX_BYTES,
      allowedTypes: [FILE_TYPES.pdf, FILE_TYPES.png, FILE_TYPES.jpeg],
      companyId: session.companyId,
      userId: session.userId,
      validateFields: (fields) => {
        if (fields.refuse !== undefined) throw AppError.validation({ refuse: ['Refused by the test route.'] });
      },
    };
    const { mode } = request.query as { mode?: string };
    if (mode === 'transaction' && session.companyId) {
      // The route's own write fails after the upload, in the same transaction as its row.
      await withTenant(deps.db, session.companyId, async (trx) => {
        await receiveUpload(request, { ...options, db: trx });
        throw new AppError('conflict');
      });
    }
    const { file, fields } = await receiveUpload(request, { ...options, db: deps.db });
    return reply
      .status(201)
      .send({ id: file.id, name: file.original_name, type: file.mime_type, size: file.size_bytes, sha256: file.sha256, fields });
  });

  app.get(`${TEST_FILES_PATH}/:id`, { config: { access: 'authenticated' } }, async (request, reply) => {
    const { companyId } = requireSession(request);
    const { id } = request.params as { id: string };
    const file =
      companyId === null
        ? await withSystem(deps.db, (trx) => getFile(trx, { companyId: null, id }))
        : await withTenant(deps.db, companyId, (trx) => getFile(trx, { companyId, id }));
    if (!file) throw AppError.notFound();
    return sendFile(reply, file);
  });
};
