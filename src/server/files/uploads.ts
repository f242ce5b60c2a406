// Receives one file from a multipart request: streams it to storage under a server-made key,
// checks its type from its bytes, records it in `files`, and leaves nothing behind when any
// step fails. Routes call receiveUpload with their own limits and validate the other fields.
import type { MultipartFile, MultipartValue, Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error';
import { cannotRunAgain, withSystem, withTenant, type Db, type DbOrTrx, type Trx } from '../db/database';
import { sanitiseFileName, withTypeExtension } from './file-names';
import { guardText, sniffFileType, SNIFF_BYTES, textTypeFor, unsupportedFile, type AcceptedFileType } from './file-types';
import { createFile, type FileRecord } from './files.queries';
import { newStorageKey, type FileStorage, type StoredObject } from './storage';

/** The non-file fields of the upload: strings (JSON-typed parts parsed), arrays when repeated. */
export type UploadFields = Record<string, unknown>;

export type ReceiveUploadOptions = {
  maxBytes: number;
  allowedTypes: readonly AcceptedFileType[];
  /** The caller's company from the session; null stores a global (administrator) file. */
  companyId: string | null;
  userId: string | null;
  /**
   * A Db: the row is written in a short transaction of its own once the bytes are stored, so
   * no connection is held while the client uploads. A Trx (already in withTenant/withSystem):
   * the row commits or rolls back with the caller's own write.
   */
  db: DbOrTrx;
  /** The multipart field that carries the file; "file" unless told. */
  fieldName?: string;
  isPublic?: boolean;
  /** Runs once every field has arrived and before the row is written; throw to refuse. */
  validateFields?: (fields: UploadFields) => void | Promise<void>;
  storage?: FileStorage;
};

export type ReceivedUpload = { file: FileRecord; fields: UploadFields };

/** Uploads stored during a request: the files plugin deletes any whose row did not survive it. */
export type StoredUpload = { key: string; companyId: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    storedUploads: StoredUpload[] | null;
  }
}

const tooLarge = () => new AppError('payloadTooLarge', { message: 'The file is too large.' });

const multipartErrors: Record<string, string> = {
  FST_INVALID_JSON_FIELD_ERROR: 'A form field marked as JSON is not valid JSON.',
  FST_PROTO_VIOLATION: 'A form field has a name that is not allowed.',
};

/** Errors of a malformed body (busboy's own are plain Errors) are the client's, not a 500. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const message = typeof code === 'string' ? multipartErrors[code] : undefined;
  if (message) return new AppError('badRequest', { message, cause: error });
  if (typeof statusCode === 'number') return error;
  return new AppError('badRequest', { message: 'The upload could not be read.', cause: error });
}

/**
 * Runs `read` over a multipart body a route reads itself (a small file kept in the database):
 * a malformed body (cut off, without a boundary) is a 400, as it is to receiveUpload.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw asClientError(error);
  }
}

async function* clientErrors<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let result: IteratorResult<T>;
      try {
        result = await iterator.next();
      } catch (error) {
        throw asClientError(error);
      }
      if (result.done) return;
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** Reads the first bytes of the file; the rest stays in the iterator. */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const result = await iterator.next();
    if (result.done) return { head: Buffer.concat(chunks), done: true };
    chunks.push(result.value);
    length += result.value.length;
  }
  return { head: Buffer.concat(chunks), done: false };
}

async function* replay(head: Buffer, rest: AsyncIterator<Buffer>, done: boolean): AsyncGenerator<Buffer> {
  if (head.length) yield head;
  if (done) return;
  for (let result = await rest.next(); !result.done; result = await rest.next()) yield result.value;
}

type StoredFile = { key: string; name: string; mimeType: AcceptedFileType; object: StoredObject };

async function storeFile(part: MultipartFile, options: ReceiveUploadOptions & { storage: FileStorage }): Promise<StoredFile> {
  const iterator = clientErrors<Buffer>(part.file)[Symbol.asyncIterator]();
  const { head, done } = await readHead(iterator);
  if (done && head.length === 0) throw AppError.validation({ [part.fieldname]: ['The file is empty.'] });
  const name = sanitiseFileName(part.filename);
  const sniffed = sniffFileType(head, { complete: done });
  const mimeType = sniffed === 'text' ? textTypeFor(options.allowedTypes, name) : sniffed;
  if (!mimeType || !options.allowedTypes.includes(mimeType)) throw unsupportedFile();
  if (head.length > options.maxBytes) throw tooLarge();

  const key = newStorageKey();
  const bytes = replay(head, iterator, done);
  const object = await options.storage.put({ key, source: sniffed === 'text' ? guardText(bytes) : bytes, maxBytes: options.maxBytes });
  // busboy cuts a file at its limit without an error of its own; the meter normally trips first.
  if (part.file.truncated) {
    await options.storage.delete(key);
    throw tooLarge();
  }
  return { key, name: withTypeExtension(name, mimeType), mimeType, object };
}

function addField(fields: UploadFields, part: MultipartValue): void {
  if (part.fieldnameTruncated || part.valueTruncated) {
    throw new AppError('payloadTooLarge', { message: 'A form field is too long.' });
  }
  const existing = fields[part.fieldname];
  if (existing === undefined) fields[part.fieldname] = part.value;
  else if (Array.isArray(existing)) existing.push(part.value);
  else fields[part.fieldname] = [existing, part.value];
}

async function saveRow(options: ReceiveUploadOptions, stored: StoredFile): Promise<FileRecord> {
  const input = {
    companyId: options.companyId,
    storageKey: stored.key,
    originalName: stored.name,
    mimeType: stored.mimeType,
    sizeBytes: stored.object.sizeBytes,
    sha256: stored.object.sha256,
    isPublic: options.isPublic ?? false,
    createdBy: options.userId,
  };
  if (options.db.isTransaction) return createFile(options.db, input);
  const db = options.db as Db;
  // A global file has no tenant to scope by: only the system scope can write or read it.
  return options.companyId === null
    ? withSystem(db, (trx) => createFile(trx, input))
    : withTenant(db, options.companyId, (trx) => createFile(trx, input));
}

/**
 * Streams the request's one file into storage and records it. Refuses a type it does not
 * allow with 415, a file over `maxBytes` with 413, a missing or empty file with 422.
 */
export async function receiveUpload(request: FastifyRequest, options: ReceiveUploadOptions): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType', { message: 'Expected a multipart upload.' });
  const storage = options.storage ?? request.server.fileStorage;
  const fieldName = options.fieldName ?? 'file';
  // The stream is read once: a transaction that reads it must not be run again after a deadlock.
  if (options.db.isTransaction) cannotRunAgain(options.db as Trx);
  const fields: UploadFields = {};
  let stored: StoredFile | null = null;
  let current: MultipartFile | null = null;
  try {
    // One byte over the limit reaches the meter, which refuses it; busboy's cut is a backstop.
    const parts = request.parts({ limits: { fileSize: options.maxBytes + 1, files: 1 } });
    for await (const part of clientErrors<Multipart>(parts)) {
      if (part.type === 'field') {
        addField(fields, part);
        continue;
      }
      current = part;
      if (part.fieldname !== fieldName) throw AppError.validation({ [fieldName]: ['Please attach the file in this field.'] });
      stored = await storeFile(part, { ...options, storage });
    }
    if (!stored) throw AppError.validation({ [fieldName]: ['Please choose a file to upload.'] });
    await options.validateFields?.(fields);
    const file = await saveRow(options, stored);
    (request.storedUploads ??= []).push({ key: stored.key, companyId: options.companyId });
    return { file, fields };
  } catch (error) {
    // An unread file would hold the request open; destroying it ends the multipart parser.
    if (current && !current.file.readableEnded) current.file.destroy();
    if (stored)
      await storage.delete(stored.key).catch((cause: unknown) => request.log.error({ err: cause }, 'could not delete a refused upload'));
    throw error;
  }
}
