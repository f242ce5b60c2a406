// Uploads and single downloads through the files platform, driven by a test-only module.
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../../../src/server/db/database';
import { filesTestRoutes, TEST_FILES_PATH, TEST_UPLOAD_MAX_BYTES } from '../../support/files-test-routes';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';
import { multipartBody, pdfDocument, pngImage, windowsExecutable, type MultipartPart } from '../../support/upload-fixtures';

let t: TestApp;
let dataDir: string;
const companyA = testSession();
const companyB = testSession();
const administrator = testSession({ companyId: null });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-uploads-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, plugins: [filesTestRoutes] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let listeningAt: Promise<URL> | undefined;
/** The app on a real socket, for what inject cannot show: disconnects and connection handling. */
const listening = () => (listeningAt ??= t.app.listen({ host: '127.0.0.1', port: 0 }).then((url) => new URL(url)));

const storageRoot = () => path.join(dataDir, 'files');
/** Stored objects and unfinished writes, as paths under the storage root. */
function onDisk(): string[] {
  if (!fs.existsSync(storageRoot())) return [];
  return fs
    .readdirSync(storageRoot(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageRoot(), path.join(entry.parentPath, entry.name)));
}
async function rowCount(): Promise<number> {
  const row = await t.database.ownerDb
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function upload(session: typeof companyA | null, parts: MultipartPart[], url = TEST_FILES_PATH) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(session ? authHeader(session) : {}) } });
}
const fileParts = (data: Buffer, filename: string, contentType?: string): MultipartPart[] => [
  { name: 'note', value: 'Receipt for lunch' },
  { name: 'file', filename, data, ...(contentType ? { contentType } : {}) },
];
const download = (session: typeof companyA | null, id: string) =>
  t.app.inject({ method: 'GET', url: `${TEST_FILES_PATH}/${id}`, headers: session ? authHeader(session) : {} });

/** Runs a refused upload and proves it left no object, no unfinished write and no row. */
async function expectRefusedWithoutTrace(parts: MultipartPart[], status: number, code: string) {
  const [filesBefore, rowsBefore] = [onDisk(), await rowCount()];
  const res = await upload(companyA, parts);
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code });
  expect(onDisk()).toEqual(filesBefore);
  expect(await rowCount()).toBe(rowsBefore);
  return res;
}

describe('uploading and downloading a file', () => {
  it('stores a real PNG and returns it byte for byte with safe download headers', async () => {
    const png = pngImage(100, 100);
    const res = await upload(companyA, fileParts(png, 'holiday photo.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; name: string; type: string; size: number; fields: Record<string, unknown> }>();
    expect(body).toMatchObject({ name: 'holiday photo.png', type: 'image/png', size: png.length, fields: { note: 'Receipt for lunch' } });

    const got = await download(companyA, body.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'content-disposition': `attachment; filename="holiday photo.png"; filename*=UTF-8''holiday%20photo.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const head = await t.app.inject({ method: 'HEAD', url: `${TEST_FILES_PATH}/${body.id}`, headers: authHeader(companyA) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(png.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('stores a real PDF under a non-ASCII name, encoded per RFC 5987', async () => {
    const pdf = pdfDocument();
    const res = await upload(companyA, fileParts(pdf, 'Fit note – Zoë.pdf'));
    expect(res.statusCode).toBe(201);
    const { id, name, sha256 } = res.json<{ id: string; name: string; sha256: string }>();
    expect(name).toBe('Fit note – Zoë.pdf');
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const got = await download(companyA, id);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Fit note _ Zoe.pdf"; filename*=UTF-8''Fit%20note%20%E2%80%93%20Zo%C3%AB.pdf`,
    );
  });

  it('decides the type from the bytes, not from the name or content type the client gives', async () => {
    const res = await upload(companyA, fileParts(pngImage(4, 4), 'scan.pdf', 'application/pdf'));
    expect(res.statusCode).toBe(201);
    // The saved download opens as what it is.
    expect(res.json()).toMatchObject({ type: 'image/png', name: 'scan.pdf.png' });
  });

  it('keeps only a display name: no directories, control characters or excess length', async () => {
    const hostile = await upload(companyA, fileParts(pngImage(2, 2), '..\\..\\windows\\evil\u0007<b>\u202Egnp.exe'));
    expect(hostile.json()).toMatchObject({ name: 'evil_b_gnp.exe.png' });
    const long = await upload(companyA, fileParts(pngImage(2, 2), `${'a'.repeat(400)}.png`));
    expect(long.json<{ name: string }>().name).toBe(`${'a'.repeat(196)}.png`);
  });

  it('refuses HTML and an executable renamed .png with 415, keeping nothing', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    await expectRefusedWithoutTrace(fileParts(html, 'cat.png', 'image/png'), 415, 'unsupportedMediaType');
    await expectRefusedWithoutTrace(fileParts(windowsExecutable(), 'cat.png', 'image/png'), 415, 'unsupportedMediaType');
    // A real image of a type this route does not allow.
    await expectRefusedWithoutTrace(
      fileParts(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif'),
      415,
      'unsupportedMediaType',
    );
  });

  it('accepts exactly 100 KB and refuses 101 KB with 413, leaving no object, write or row', async () => {
    const jpegOf = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);
    expect((await upload(companyA, fileParts(jpegOf(TEST_UPLOAD_MAX_BYTES), 'exact.jpg'))).statusCode).toBe(201);
    const res = await expectRefusedWithoutTrace(fileParts(jpegOf(101 * 1024), 'big.jpg'), 413, 'payloadTooLarge');
    expect(res.json()).toEqual({ code: 'payloadTooLarge', message: 'The file is too large.' });
    expect(onDisk().some((file) => file.startsWith('.incoming'))).toBe(false);
  });

  it('refuses a missing, empty or misplaced file with 422', async () => {
    await expectRefusedWithoutTrace([{ name: 'note', value: 'no file' }], 422, 'validation');
    await expectRefusedWithoutTrace(fileParts(Buffer.alloc(0), 'empty.png'), 422, 'validation');
    await expectRefusedWithoutTrace([{ name: 'other', filename: 'a.png', data: pngImage(2, 2) }], 422, 'validation');
  });

  it('discards the stored file when the route refuses the fields or its own write fails', async () => {
    await expectRefusedWithoutTrace([...fileParts(pngImage(8, 8), 'a.png'), { name: 'refuse', value: 'yes' }], 422, 'validation');
    const [filesBefore, rowsBefore] = [onDisk(), await rowCount()];
    const { payload, headers } = multipartBody(fileParts(pngImage(8, 8), 'a.png'));
    const res = await t.app.inject({
      method: 'POST',
      url: `${TEST_FILES_PATH}?mode=transaction`,
      payload,
      headers: { ...headers, ...authHeader(companyA) },
    });
    expect(res.statusCode).toBe(409);
    expect(onDisk()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('answers another company’s file, an unknown id and a malformed id with 404', async () => {
    const res = await upload(companyA, fileParts(pngImage(2, 2), 'mine.png'));
    const { id } = res.json<{ id: string }>();
    expect((await download(companyA, id)).statusCode).toBe(200);
    for (const [session, fileId] of [
      [companyB, id],
      [companyA, crypto.randomUUID()],
      [companyA, 'not-a-uuid'],
      [companyA, '..%2F..%2Fetc%2Fpasswd'],
    ] as const) {
      const got = await download(session, fileId);
      expect(got.statusCode).toBe(404);
      expect(got.json()).toEqual({ code: 'notFound', message: 'Not found.' });
    }
  });

  it('refuses anonymous uploads and downloads with 401', async () => {
    const { id } = (await upload(companyA, fileParts(pngImage(2, 2), 'mine.png'))).json<{ id: string }>();
    const rowsBefore = await rowCount();
    const res = await upload(null, fileParts(pngImage(2, 2), 'anon.png'));
    expect(res.statusCode).toBe(401);
    expect(await rowCount()).toBe(rowsBefore);
    expect((await download(null, id)).statusCode).toBe(401);
  });

  it('keeps an administrator’s global file out of every company, even to unfiltered queries', async () => {
    const res = await upload(administrator, fileParts(pdfDocument('global'), 'policy.pdf'));
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect((await download(administrator, id)).statusCode).toBe(200);
    expect((await download(companyA, id)).statusCode).toBe(404);
    // Row-level security alone, with no company filter in the query.
    const seen = await withTenant(t.database.db, companyB.companyId!, (trx) =>
      trx.selectFrom('files').select(['id', 'company_id']).execute(),
    );
    expect(seen.every((row) => row.company_id === companyB.companyId)).toBe(true);
    const owner = await t.database.ownerDb.selectFrom('files').select('company_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(owner.company_id).toBeNull();
  });

  it('leaves nothing behind when the client disconnects part-way through an upload', async () => {
    const [filesBefore, rowsBefore] = [onDisk(), await rowCount()];
    const incoming = path.join(storageRoot(), '.incoming');
    const address = await listening();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(95 * 1024, 3)]);
    const { payload, headers } = multipartBody(fileParts(jpeg, 'cut.jpg'));
    const socket = net.connect(Number(address.port), address.hostname);
    await once(socket, 'connect');
    const head = [`POST ${TEST_FILES_PATH} HTTP/1.1`, 'Host: localhost', `Content-Type: ${headers['content-type']}`];
    head.push(`Content-Length: ${payload.length}`, `Authorization: ${authHeader(companyA).authorization}`, '', '');
    socket.write(head.join('\r\n'));
    socket.write(payload.subarray(0, 80 * 1024)); // past the type check, short of the end
    await vi.waitFor(() => expect(fs.readdirSync(incoming)).toHaveLength(1), { timeout: 5000 }); // mid-write
    socket.destroy();
    await vi.waitFor(() => expect(fs.readdirSync(incoming)).toEqual([]), { timeout: 5000 });
    expect(onDisk()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('answers an oversized upload over HTTP at once and closes, rather than reading the rest', async () => {
    const address = await listening();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4 * 1024 * 1024, 5)]);
    const { payload, headers } = multipartBody(fileParts(jpeg, 'huge.jpg'));
    const socket = net.connect(Number(address.port), address.hostname);
    socket.on('error', () => undefined); // the server may close while we are still sending
    await once(socket, 'connect');
    const head = [`POST ${TEST_FILES_PATH} HTTP/1.1`, 'Host: localhost', `Content-Type: ${headers['content-type']}`];
    head.push(`Content-Length: ${payload.length}`, `Authorization: ${authHeader(companyA).authorization}`, '', '');
    socket.write(head.join('\r\n'));
    socket.write(payload.subarray(0, 512 * 1024)); // most of the body is never sent
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    await once(socket, 'close');
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(fs.readdirSync(path.join(storageRoot(), '.incoming'))).toEqual([]);
  });
});

describe('bytes the server makes itself', () => {
  it('are removed from storage when the transaction that recorded them rolls back, and kept when it commits', async () => {
    const { storeGeneratedFile } = await import('../../../src/modules/documents/server/signing-view');
    const { addCompany } = await import('../../support/identity-fixtures');
    const company = await addCompany(t);
    const before = onDisk();
    const store = (trx: Parameters<typeof storeGeneratedFile>[0]) =>
      storeGeneratedFile(trx, t.app.fileStorage, {
        companyId: company.companyId,
        bytes: pdfDocument(),
        name: 'sealed.pdf',
        mimeType: 'application/pdf',
        createdBy: null,
      });
    await expect(
      withTenant(t.deps.db, company.companyId, async (trx) => {
        await store(trx);
        expect(onDisk()).toHaveLength(before.length + 1);
        throw new Error('a later step of the completion failed');
      }),
    ).rejects.toThrow('a later step');
    expect(onDisk()).toEqual(before);
    await withTenant(t.deps.db, company.companyId, (trx) => store(trx));
    expect(onDisk()).toHaveLength(before.length + 1);
  });
});
