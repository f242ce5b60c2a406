// The batch download, and fuzzing of both file endpoints for zero 5xx.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_DOWNLOAD_PATH } from '../../../src/server/files/downloads';
import { filesTestRoutes, TEST_FILES_PATH } from '../../support/files-test-routes';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';
import { multipartBody, pdfDocument, pngImage } from '../../support/upload-fixtures';

let t: TestApp;
let dataDir: string;
const companyA = testSession();
const companyB = testSession();
const png = pngImage(40, 40);
const pdf = pdfDocument();
let pngId: string;
let pdfId: string;
let otherCompanysId: string;

async function upload(session: typeof companyA, data: Buffer, filename: string): Promise<string> {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
  const res = await t.app.inject({ method: 'POST', url: TEST_FILES_PATH, payload, headers: { ...headers, ...authHeader(session) } });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-batch-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, plugins: [filesTestRoutes] });
  pngId = await upload(companyA, png, 'photo.png');
  pdfId = await upload(companyA, pdf, 'contract.pdf');
  otherCompanysId = await upload(companyB, pdf, 'secret.pdf');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const batch = (body: unknown, session: typeof companyA | null = companyA) =>
  t.app.inject({
    method: 'POST',
    url: BATCH_DOWNLOAD_PATH,
    headers: { 'content-type': 'application/json', ...(session ? authHeader(session) : {}) },
    payload: JSON.stringify(body) ?? 'null',
  });
const entry = (id: string, name: string) => ({ path: `${TEST_FILES_PATH}/${id}`, name, type: 'application/octet-stream' });

/** Reads a zip with the machine's own unzip: its entry names, its integrity, and each entry's bytes. */
function unzip(zip: Buffer): { names: string[]; read: (name: string) => Buffer } {
  const file = path.join(dataDir, `check-${crypto.randomUUID()}.zip`);
  fs.writeFileSync(file, zip);
  execFileSync('unzip', ['-tq', file]); // throws unless every entry's CRC checks out
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  return { names, read: (name) => execFileSync('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')]) };
}

describe('POST /api/download-batch', () => {
  it('zips the files the caller may read, with clean, unique entry names', async () => {
    const res = await batch({ files: [entry(pngId, 'Photo.png'), entry(pdfId, '../../etc/contract.pdf'), entry(pngId, 'photo.png')] });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="download.zip"; filename*=UTF-8''download.zip`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    const zip = unzip(res.rawPayload);
    expect(zip.names).toEqual(['Photo.png', 'contract.pdf', 'photo (2).png']);
    expect(zip.read('Photo.png').equals(png)).toBe(true);
    expect(zip.read('contract.pdf').equals(pdf)).toBe(true);
    expect(zip.read('photo (2).png').equals(png)).toBe(true);
  });

  it('fails whole, with the failing file’s own status and JSON error, when one file is not the caller’s', async () => {
    const res = await batch({ files: [entry(pngId, 'a.png'), entry(otherCompanysId, 'b.pdf')] });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'notFound', message: 'Not found.', errors: { 'files.1.path': ['Not found.'] } });
  });

  it('passes on the status of a path that needs a permission the caller lacks', async () => {
    const res = await batch({ files: [entry(pngId, 'a.png')] }, testSession({ companyId: companyB.companyId }));
    expect(res.statusCode).toBe(404);
    expect((await batch({ files: [entry(pngId, 'a.png')] }, null)).statusCode).toBe(401);
  });

  it('refuses empty, oversized and non-API batches with 422 before fetching anything', async () => {
    const refused = [
      {},
      { files: [] },
      { files: Array.from({ length: 51 }, () => entry(pngId, 'a.png')) },
      { files: [{ path: '/etc/passwd', name: 'a' }] },
      { files: [{ path: 'https://example.com/api/x', name: 'a' }] },
      { files: [{ path: '/api/../index.html', name: 'a' }] },
      { files: [{ path: `${TEST_FILES_PATH}/%2e%2e/${pngId}`, name: 'a' }] },
      { files: [{ path: `${TEST_FILES_PATH}/${pngId}`, name: '' }] },
      { files: [{ path: `${TEST_FILES_PATH}/${pngId}` }] },
      [entry(pngId, 'a.png')],
    ];
    for (const body of refused) {
      const res = await batch(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation' });
    }
  });
});

describe('fuzzing the file endpoints', () => {
  const noServerErrors = { numRuns: 80, endOnFailure: true };
  const token = (s: string) => s.replace(/[\r\n"]/g, '');

  it('never answers a multipart body with a 5xx', async () => {
    // Mostly well-formed parts, so the fuzz reaches type checks and storage, not only the parser.
    const part = fc.record({
      name: fc.oneof(
        { arbitrary: fc.constant('file'), weight: 4 },
        fc.constant('note'),
        fc.constant('__proto__'),
        fc.string({ maxLength: 20 }),
      ),
      filename: fc.oneof(fc.constant('a.png'), fc.string({ maxLength: 40 }), fc.constant(undefined)),
      contentType: fc.option(fc.oneof(fc.constant('application/json'), fc.constant('image/png'), fc.string({ maxLength: 30 })), {
        nil: undefined,
      }),
      data: fc.oneof(
        fc.uint8Array({ maxLength: 300 }),
        fc.constant(png),
        fc.constant(pdf),
        fc.constant(png.subarray(0, 200)),
        fc.constant(Buffer.from('{"a":')),
      ),
      extraHeader: fc.option(fc.string({ maxLength: 40 }), { nil: undefined, freq: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 4 }),
        fc.oneof({ arbitrary: fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/), weight: 3 }, fc.string({ minLength: 1, maxLength: 30 })),
        fc.oneof(
          { arbitrary: fc.constant('ok'), weight: 3 },
          fc.constant('no-boundary'),
          fc.constant('truncate'),
          fc.constant('wrong-boundary'),
        ),
        async (parts, rawBoundary, shape) => {
          const boundary = token(rawBoundary) || 'b';
          const chunks: Buffer[] = [];
          for (const p of parts) {
            const filename = p.filename === undefined ? '' : `; filename="${token(p.filename)}"`;
            const type = p.contentType === undefined ? '' : `Content-Type: ${token(p.contentType)}\r\n`;
            const extra = p.extraHeader === undefined ? '' : `${token(p.extraHeader)}\r\n`;
            chunks.push(
              Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${token(p.name)}"${filename}\r\n${type}${extra}\r\n`),
              Buffer.from(p.data),
              Buffer.from('\r\n'),
            );
          }
          chunks.push(Buffer.from(`--${boundary}--\r\n`));
          let payload = Buffer.concat(chunks);
          if (shape === 'truncate') payload = payload.subarray(0, Math.floor(payload.length / 2));
          const contentType =
            shape === 'no-boundary'
              ? 'multipart/form-data'
              : `multipart/form-data; boundary=${shape === 'wrong-boundary' ? `x${boundary}` : boundary}`;
          const res = await t.app.inject({
            method: 'POST',
            url: TEST_FILES_PATH,
            payload,
            headers: { 'content-type': contentType, ...authHeader(companyA) },
          });
          expect(res.statusCode, res.payload).toBeLessThan(500);
          if (res.statusCode === 201) expect(['image/png', 'image/jpeg', 'application/pdf']).toContain(res.json<{ type: string }>().type);
        },
      ),
      noServerErrors,
    );
    expect(fs.readdirSync(path.join(dataDir, 'files', '.incoming'))).toEqual([]);
  });

  it('never answers a batch body with a 5xx', async () => {
    const pathArb = fc.oneof(
      fc.constant(`${TEST_FILES_PATH}/${pngId}`),
      fc.constant(`${TEST_FILES_PATH}/${otherCompanysId}`),
      fc.constant('/api/version'),
      fc.string({ maxLength: 40 }).map((s) => `/api/${s}`),
      fc.webPath().map((s) => `/api${s}`),
      fc.string({ maxLength: 40 }),
    );
    const entryArb = fc.record(
      { path: pathArb, name: fc.string({ maxLength: 300 }), type: fc.option(fc.string({ maxLength: 20 })) },
      { requiredKeys: [] },
    );
    const bodyArb = fc.oneof(
      fc.anything(),
      fc.record({ files: fc.array(entryArb, { maxLength: 4 }) }),
      fc.record({ files: fc.anything() }),
    );
    await fc.assert(
      fc.asyncProperty(bodyArb, async (body) => {
        const res = await batch(body);
        expect(res.statusCode, res.payload.slice(0, 200)).toBeLessThan(500);
      }),
      noServerErrors,
    );
  });
});
