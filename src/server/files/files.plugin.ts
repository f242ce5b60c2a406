// The files platform: multipart parsing with conservative limits (each route passes its own
// to receiveUpload), the app's file storage, clean-up of uploads a failed request stored,
// and the batch download route.
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { withSystem, withTenant, type Db } from '../db/database';
import { registerBatchDownloadRoute } from './downloads';
import { findStoredKeys } from './files.queries';
import { LocalDiskStorage, type FileStorage } from './storage';

/** Limits for any multipart request; receiveUpload raises the file size per route. */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  fields: 50,
  fileSize: 10 * 1024 * 1024,
  files: 1,
  parts: 60,
  headerPairs: 100,
};

export type FilesPluginOptions = { config: Pick<Config, 'dataDir' | 'files'>; db: Db; storage?: FileStorage };

/** The storage the configuration names: the local folder, or (its SDK loaded only then) an S3 bucket. */
export async function configuredStorage(config: FilesPluginOptions['config']): Promise<FileStorage> {
  if (config.files.driver === 's3') {
    const { S3Storage } = await import('./s3-storage');
    return new S3Storage(config.files.s3);
  }
  return new LocalDiskStorage(path.join(config.dataDir, 'files'));
}

/**
 * Objects a failed request stored lose their row when its transaction rolls back; their
 * bytes go too, so storage never keeps a file nothing points at.
 */
async function discardOrphanedUploads(app: FastifyInstance, input: { db: Db; request: FastifyRequest }): Promise<void> {
  const uploads = input.request.storedUploads ?? [];
  input.request.storedUploads = null;
  for (const companyId of new Set(uploads.map((upload) => upload.companyId))) {
    const keys = uploads.filter((upload) => upload.companyId === companyId).map((upload) => upload.key);
    const kept =
      companyId === null
        ? await withSystem(input.db, (trx) => findStoredKeys(trx, { companyId, keys }))
        : await withTenant(input.db, companyId, (trx) => findStoredKeys(trx, { companyId, keys }));
    for (const key of keys) if (!kept.has(key)) await app.fileStorage.delete(key);
  }
}

export async function registerFiles(app: FastifyInstance, options: FilesPluginOptions): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const storage = options.storage ?? (await configuredStorage(options.config));
  app.decorate('fileStorage', storage);
  if (!options.storage) app.addHook('onClose', async () => (storage as { close?: () => void }).close?.());
  app.decorateRequest('storedUploads', null);

  app.addHook('onSend', async (request, reply, payload) => {
    // An upload refused part-way leaves its body unread; reading it all only to discard it would
    // let anyone hold the connection, so it closes after this response instead.
    if (request.isMultipart() && !request.raw.readableEnded) reply.header('connection', 'close');
    if (request.storedUploads && reply.statusCode >= 400) {
      await discardOrphanedUploads(app, { db: options.db, request }).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not discard the uploads of a failed request'),
      );
    }
    return payload;
  });

  registerBatchDownloadRoute(app);
}
