// Profile images: upload, replace and delete by the user (or whoever may edit their record),
// images only and at most 5 MB, private downloads with the token, public ones without.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileImage } from '../../../src/shared/settings.contract';
import { addAdministrators, addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { multipartBody, pdfDocument, pngImage, windowsExecutable, type MultipartPart } from '../../support/upload-fixtures';

let t: TestApp;
let dataDir: string;
let owner: Person;
let manager: Person;
let employee: Person;
let colleague: Person;
let stranger: Person;
let admin: Person;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-profile-'));
  t = await createTestApp({ realAuth: true, env: { DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  colleague = await addPerson(t, company, { role: 'Employee', department: 'Office' });
  stranger = await addPerson(t, await addShellCompany(t), { role: 'Owner', department: 'Office' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const imageParts = (data: Buffer, filename = 'me.png', isPublic?: string): MultipartPart[] => [
  ...(isPublic === undefined ? [] : [{ name: 'is_public', value: isPublic }]),
  { name: 'file', filename, data, contentType: 'image/png' },
];
function upload(who: Person | null, userId: string, parts: MultipartPart[]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/user-profile-image/${userId}`,
    payload,
    headers: { ...headers, ...(who ? who.headers : {}) },
  });
}
const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
const record = async (who: Person, userId: string) => (await get(who, `/api/users/${userId}/profile-image`)).json<ProfileImage | null>();
const publicUrl = (image: ProfileImage) => `/api/public/file/${image.id}/${encodeURIComponent(image.name)}`;
const storedFiles = () =>
  fs.existsSync(path.join(dataDir, 'files'))
    ? fs
        .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];

describe('a user’s own picture', () => {
  it('is uploaded private by default, shown to colleagues with the token, and replaced', async () => {
    expect(await record(employee, employee.id)).toBeNull();
    const first = pngImage(8, 8);
    const res = await upload(employee, employee.id, imageParts(first, 'holiday photo.png'));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<ProfileImage>();
    expect(image).toMatchObject({ is_public: false, original_name: 'holiday photo.png', name: 'holiday photo.png' });
    expect(Object.keys(image).sort()).toEqual(['created_at', 'id', 'is_public', 'name', 'original_name']);
    expect(await record(colleague, employee.id)).toEqual(image);

    const bytes = await get(colleague, `/api/user-profile-image/${employee.id}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(first)).toBe(true);
    // Private: no way in without a session, nor from another company.
    expect((await get(null, publicUrl(image))).statusCode).toBe(404);
    expect((await get(null, `/api/user-profile-image/${employee.id}`)).statusCode).toBe(401);
    expect((await get(stranger, `/api/user-profile-image/${employee.id}`)).statusCode).toBe(404);

    const before = storedFiles().length;
    const second = pngImage(4, 4);
    const replaced = await upload(employee, employee.id, imageParts(second, 'new.png'));
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json<ProfileImage>().id).not.toBe(image.id);
    expect((await get(colleague, `/api/user-profile-image/${employee.id}`)).rawPayload.equals(second)).toBe(true);
    // The old picture's bytes are gone, not left behind.
    expect(storedFiles().length).toBe(before);
  });

  it('can be made public, then fetched without a session by its id and name only', async () => {
    const data = pngImage(6, 6);
    const res = await upload(colleague, colleague.id, imageParts(data, 'avatar.png', 'true'));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<ProfileImage>();
    expect(image.is_public).toBe(true);
    const open = await get(null, publicUrl(image));
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(data)).toBe(true);
    expect(open.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(null, `/api/public/file/${image.id}/other.png`)).statusCode).toBe(404);

    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/user-profile-image/${colleague.id}`,
      headers: colleague.headers,
      payload: { is_public: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(null, publicUrl(image))).statusCode).toBe(404);
  });

  it('is deleted with its bytes, after which it reads as none', async () => {
    await upload(owner, owner.id, imageParts(pngImage(3, 3)));
    const before = storedFiles().length;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user-profile-image/${owner.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(204);
    expect(await record(owner, owner.id)).toBeNull();
    expect(storedFiles().length).toBe(before - 1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user-profile-image/${owner.id}`, headers: owner.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('what is refused', () => {
  it('anything but a PNG, JPEG or WebP image (415), whatever it claims to be', async () => {
    for (const [data, name] of [
      [pdfDocument(), 'me.png'],
      [windowsExecutable(), 'me.png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'me.gif'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'me.svg'],
    ] as const) {
      const res = await upload(employee, employee.id, imageParts(data, name));
      expect(res.statusCode, name).toBe(415);
    }
  });

  it('a picture over 5 MB (413) and an upload with no file (422)', async () => {
    const big = pngImage(1400, 1300);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await upload(employee, employee.id, imageParts(big))).statusCode).toBe(413);
    expect((await upload(employee, employee.id, [{ name: 'is_public', value: 'true' }])).statusCode).toBe(422);
    expect((await upload(employee, employee.id, imageParts(pngImage(2, 2), 'a.png', 'maybe'))).statusCode).toBe(422);
  });

  it('changing a colleague’s picture without the right to edit their record', async () => {
    expect((await upload(colleague, employee.id, imageParts(pngImage(2, 2)))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user-profile-image/${employee.id}`, headers: colleague.headers })).statusCode,
    ).toBe(403);
    // A manager edits the people of their department only.
    expect((await upload(manager, colleague.id, imageParts(pngImage(2, 2)))).statusCode).toBe(403);
    expect((await upload(manager, employee.id, imageParts(pngImage(2, 2)))).statusCode).toBe(201);
    expect((await upload(stranger, employee.id, imageParts(pngImage(2, 2)))).statusCode).toBe(404);
  });

  it('anonymous calls (401) and garbage (never 5xx)', async () => {
    expect((await upload(null, employee.id, imageParts(pngImage(2, 2)))).statusCode).toBe(401);
    expect((await get(null, `/api/users/${employee.id}/profile-image`)).statusCode).toBe(401);
    for (const url of [
      '/api/public/file/nope/x',
      '/api/public/file/00000000-0000-0000-0000-000000000000/x.png',
      '/api/users/nope/profile-image',
    ]) {
      const res = await get(employee, url);
      expect(res.statusCode, url).toBe(404);
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/user-profile-image/${employee.id}`,
      headers: employee.headers,
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/user-profile-image/${employee.id}`,
      headers: { ...employee.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('keeps a company’s pictures from an administrator, who has none of their own', async () => {
    expect((await get(admin, `/api/users/${employee.id}/profile-image`)).statusCode).toBe(403);
    expect((await get(admin, `/api/user-profile-image/${employee.id}`)).statusCode).toBe(403);
    const own = await get(admin, `/api/users/${admin.id}/profile-image`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toBeNull();
  });
});
