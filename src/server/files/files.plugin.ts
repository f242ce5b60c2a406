// The files platform: multipart parsing with conservative limits (each route passes its own
// to receiveUpload), the app's file storage, the rest of a refused upload read before its
// answer, clean-up of uploads a failed request stored, and the batch download route.
import type { IncomingMessage } from 'node:http';
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

/** How much of a refused upload's body is read before its answer: the largest upload a route takes (20 MB) and its form. */
const DRAIN_LIMITS = { maxBytes: 25 * 1024 * 1024, idleMs: 10_000 };

/** Reads and discards the rest of a request's body: true once all of it has arrived. */
function drainBody(raw: IncomingMessage, limits: { maxBytes: number; idleMs: number }): Promise<boolean> {
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    let idle: NodeJS.Timeout | undefined;
    const finish = (all: boolean) => {
      clearTimeout(idle);
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (!all) raw.pause();
      resolve(all);
    };
    const wait = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish(false), limits.idleMs);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.maxBytes) finish(false);
      else wait();
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.readableEnded);
    raw.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
    // The multipart parser lets go of a body it stopped reading; anything still attached would hold it back.
    raw.unpipe();
    wait();
    raw.resume();
  });
}

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
    // An upload refused before (or while) its body is read: answering while the client still
    // sends, then closing, resets the connection, and the client (a browser reads the answer only
    // once it has sent everything) sees a network error, not the refusal. So the rest is read and
    // discarded first, up to the largest upload; a bigger body, one refused as too large or a
    // client gone quiet gets its answer at once and the connection closes.
    if (request.isMultipart() && !request.raw.readableEnded) {
      const drained = reply.statusCode !== 413 && (await drainBody(request.raw, DRAIN_LIMITS));
      if (!drained) reply.header('connection', 'close');
    }
    if (request.storedUploads && reply.statusCode >= 400) {
      await discardOrphanedUploads(app, { db: options.db, request }).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not discard the uploads of a failed request'),
      );
    }
    return payload;
  });

  registerBatchDownloadRoute(app);
}
