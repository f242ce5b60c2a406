// File storage on an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …), through
// the official AWS SDK: what several servers share instead of each one's data folder. An
// upload streams to the store (lib-storage: one PUT, or a multipart upload for large files)
// while it is counted and hashed, and is aborted (nothing kept) when it passes its limit or
// fails; a download streams the object back. Keys are the storage's own (`ab/cd/<uuid>`),
// under an optional prefix. Loaded only when FILE_STORAGE=s3.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../../shared/app-error';
import type { S3StorageConfig } from '../config';
import { isStorageKey, meter, type FileStorage, type PutOptions, type StoredObject } from './storage';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    });
  }

  /** The object's name in the bucket; anything but a key the storage made is refused. */
  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
    return `${this.config.prefix}${key}`;
  }

  async put({ key, source, maxBytes }: PutOptions): Promise<StoredObject> {
    const counter = meter(maxBytes);
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.objectKey(key), Body: body, ContentType: 'application/octet-stream' },
      // Parts are buffered in memory: 5 MB (the least S3 takes), two at a time.
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    const uploaded = upload.done();
    // A store that refuses the upload stops reading: the source's pipeline must fail with it.
    uploaded.catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
    try {
      await pipeline(source, counter, body);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      await uploaded.catch(() => undefined);
      // A single PUT may have landed before the abort: nothing may stay under the key.
      await this.delete(key).catch(() => undefined);
      throw error;
    }
    await uploaded;
    return counter.result();
  }

  async open(key: string): Promise<Readable> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      if (!object.Body) throw AppError.notFound();
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw AppError.notFound();
      throw error;
    }
  }

  async stat(key: string): Promise<{ sizeBytes: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return { sizeBytes: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  /** The bucket answers these credentials (HEAD bucket). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  /** Ends the client's sockets (the app's close). */
  close(): void {
    this.client.destroy();
  }
}
