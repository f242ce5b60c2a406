// Files on S3-compatible storage, against a real S3-protocol server (s3rver): the driver's
// put, open, stat and delete, a refused upload leaving nothing in the bucket, and the app
// with FILE_STORAGE=s3 storing an upload, sending it back byte for byte to its own company
// only, and zipping several into one download.
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3StorageConfig } from '../../../src/server/config';
import { BATCH_DOWNLOAD_PATH } from '../../../src/server/files/downloads';
import { S3Storage } from '../../../src/server/files/s3-storage';
import { newStorageKey } from '../../../src/server/files/storage';
import { filesTestRoutes, TEST_FILES_PATH } from '../../support/files-test-routes';
import { startS3Server, type S3Server } from '../../support/s3-server';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';
import { multipartBody, pdfDocument, pngImage } from '../../support/upload-fixtures';

let s3: S3Server;
let storage: S3Storage;
let t: TestApp;
const companyA = testSession();
const companyB = testSession();

beforeAll(async () => {
  s3 = await startS3Server();
  const config = loadConfig({ ...s3.env, S3_PREFIX: 'driver/' });
  storage = new S3Storage((config.files as { s3: S3StorageConfig }).s3);
  t = await createTestApp({
    env: { ...s3.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-s3-app-')) },
    plugins: [filesTestRoutes],
  });
});
afterAll(async () => {
  storage?.close();
  await t?.close();
  await s3?.close();
});

const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString('utf8');
/** Every object in the bucket, as s3rver keeps them on disk (its metadata files left out). */
function objectsInBucket(): string[] {
  const root = path.join(s3.directory, s3.bucket);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe('the S3 driver', () => {
  it('stores a stream, says its size and hash, streams it back, and deletes it', async () => {
    const key = newStorageKey();
    const content = 'Fit note for Ella, 3 to 7 March.\n'.repeat(2_000);
    const stored = await storage.put({ key, source: Readable.from([Buffer.from(content)]), maxBytes: 1024 * 1024 });
    expect(stored).toEqual({ sizeBytes: content.length, sha256: createHash('sha256').update(content).digest('hex') });
    expect(await storage.stat(key)).toEqual({ sizeBytes: content.length });
    expect(await text(await storage.open(key))).toBe(content);
    expect(objectsInBucket().some((name) => name.startsWith(`driver/${key}`))).toBe(true);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key); // deleting a missing object is not an error
  });

  it('refuses more bytes than allowed with 413 and keeps nothing under the key', async () => {
    const key = newStorageKey();
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(1024, 7));
    await expect(storage.put({ key, source: Readable.from(chunks), maxBytes: 10 * 1024 })).rejects.toMatchObject({ status: 413 });
    expect(await storage.stat(key)).toBeNull();
  });

  it('answers a missing object with 404 and refuses a key it did not make', async () => {
    const key = newStorageKey();
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.open(key)).rejects.toMatchObject({ status: 404 });
    await expect(storage.stat('../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('the app with FILE_STORAGE=s3', () => {
  const upload = (session: typeof companyA, data: Buffer, filename: string) => {
    const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
    return t.app.inject({ method: 'POST', url: TEST_FILES_PATH, payload, headers: { ...headers, ...authHeader(session) } });
  };

  it('keeps an upload in the bucket and sends it back byte for byte, to its company only', async () => {
    const png = pngImage(120, 80);
    const before = objectsInBucket().length;
    const res = await upload(companyA, png, 'rota.png');
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(objectsInBucket()).toHaveLength(before + 1);
    const got = await t.app.inject({ method: 'GET', url: `${TEST_FILES_PATH}/${id}`, headers: authHeader(companyA) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-length']).toBe(String(png.length));
    expect(got.rawPayload.equals(png)).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: `${TEST_FILES_PATH}/${id}`, headers: authHeader(companyB) });
    expect(other.statusCode).toBe(404);
  });

  it('zips several stored files into one download', async () => {
    const png = pngImage(40, 40);
    const pdf = pdfDocument();
    const pngId = (await upload(companyA, png, 'a.png')).json<{ id: string }>().id;
    const pdfId = (await upload(companyA, pdf, 'b.pdf')).json<{ id: string }>().id;
    const res = await t.app.inject({
      method: 'POST',
      url: BATCH_DOWNLOAD_PATH,
      headers: { 'content-type': 'application/json', ...authHeader(companyA) },
      payload: JSON.stringify({
        files: [
          { path: `${TEST_FILES_PATH}/${pngId}`, name: 'Photo.png' },
          { path: `${TEST_FILES_PATH}/${pdfId}`, name: 'Contract.pdf' },
        ],
      }),
    });
    expect(res.statusCode).toBe(200);
    const file = path.join(os.tmpdir(), `stafflane-s3-${randomUUID()}.zip`);
    fs.writeFileSync(file, res.rawPayload);
    try {
      execFileSync('unzip', ['-tq', file]);
      expect(execFileSync('unzip', ['-p', file, 'Photo.png']).equals(png)).toBe(true);
      expect(execFileSync('unzip', ['-p', file, 'Contract.pdf']).equals(pdf)).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('removes the bytes of an upload its route refused', async () => {
    const before = objectsInBucket().length;
    const { payload, headers } = multipartBody([
      { name: 'refuse', value: 'yes' },
      { name: 'file', filename: 'c.png', data: pngImage(10, 10) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: TEST_FILES_PATH, payload, headers: { ...headers, ...authHeader(companyA) } });
    expect(res.statusCode).toBe(422);
    expect(objectsInBucket()).toHaveLength(before);
  });
});
