// Where uploaded bytes live. The default keeps them on local disk under `${DATA_DIR}/files`,
// sharded as `ab/cd/<uuid>`; object storage can replace it behind the same interface when
// several servers share the work. Keys are always made here, never taken from input.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../shared/app-error';

export type StoredObject = { sizeBytes: number; sha256: string };

export type PutOptions = {
  key: string;
  source: Readable | AsyncIterable<Uint8Array>;
  /** More bytes than this fail the write with 413 and store nothing. */
  maxBytes: number;
};

export interface FileStorage {
  /** Stores the whole stream under `key` or nothing at all. */
  put(options: PutOptions): Promise<StoredObject>;
  /** The stored bytes; rejects with 404 when the key holds nothing. */
  open(key: string): Promise<Readable>;
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Rejects, saying why, when the storage cannot be written (the readiness check). */
  check?(): Promise<void>;
}

const keyPattern = /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A fresh storage key: a random UUID, sharded by its first hex digits so no directory grows huge. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

export function isStorageKey(key: string): boolean {
  const match = keyPattern.exec(key);
  return match !== null && match[3]!.startsWith(`${match[1]}${match[2]}`);
}

/** Counts and hashes the bytes flowing through, failing as soon as they pass the limit. */
export function meter(maxBytes: number): Transform & { result: () => StoredObject } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new AppError('payloadTooLarge', { message: 'The file is too large.' }));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { result: () => ({ sizeBytes: size, sha256: hash.digest('hex') }) });
}

export class LocalDiskStorage implements FileStorage {
  readonly root: string;
  private readonly tempDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    // Inside the root so the final rename never crosses file systems.
    this.tempDir = path.join(this.root, '.incoming');
  }

  /** The file path of a key; anything but a key this module made is refused, so no path escapes the root. */
  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
    const full = path.join(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error('Storage key escapes the storage root.');
    return full;
  }

  async put({ key, source, maxBytes }: PutOptions): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fsp.mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.tempDir, `${randomUUID()}.part`);
    const counter = meter(maxBytes);
    const sink = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    const sinkClosed = new Promise<void>((resolve) => sink.once('close', () => resolve()));
    try {
      await pipeline(source, counter, sink);
      // Flushed before the rename, so a crash never leaves a short file under a real key.
      const handle = await fsp.open(temp, 'r+');
      await handle.sync().finally(() => handle.close());
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fsp.rename(temp, target);
      return counter.result();
    } catch (error) {
      // The file may still be opening when the pipeline fails: remove it once the stream has closed.
      sink.destroy();
      await sinkClosed;
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    const handle = await fsp.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw AppError.notFound();
      throw error;
    });
    return handle.createReadStream();
  }

  async stat(key: string): Promise<{ sizeBytes: number } | null> {
    try {
      const stats = await fsp.stat(this.pathOf(key));
      return stats.isFile() ? { sizeBytes: stats.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    await fsp.access(this.root, fs.constants.W_OK);
  }

  /** Temporary files of writes in progress (or of a crash): a clean-up job may remove old ones. */
  listIncoming(): string[] {
    return fs.existsSync(this.tempDir) ? fs.readdirSync(this.tempDir) : [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's file storage, decorated by the files plugin. */
    fileStorage: FileStorage;
  }
}
