// Compression on the wire: the built client's precompressed copies chosen by Accept-Encoding
// (with Vary), API answers over 1 KB compressed for clients that accept it and left plain for
// others, an idempotent write's replay decoding to the first answer, and a file's bytes sent
// as they are stored.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../scripts/precompress';
import type { AppDeps } from '../../../src/server/app-deps';
import { precompressedEncoding } from '../../../src/server/http/accept-encoding';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';

const dist = path.resolve('.tmp', `compression-dist-${process.pid}`);
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}` })))};`;
const big = Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Person ${i}`, note: 'On leave from Monday' }));
let posts = 0;

const routes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  app.get('/api/test-compression/big', { config: { access: 'authenticated' } }, async () => ({ rows: big }));
  app.get('/api/test-compression/small', { config: { access: 'authenticated' } }, async () => ({ ok: true }));
  app.post('/api/test-compression/write', { config: { access: 'authenticated' } }, async (_request, reply) => {
    posts += 1;
    return reply.status(201).send({ write: posts, rows: big });
  });
  app.get('/api/test-compression/file', { config: { access: 'authenticated' } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', Buffer.byteLength(script))
      .send(Readable.from([Buffer.from(script)])),
  );
};

let t: TestApp;
const session = testSession();
beforeAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Stafflane</title>${'<p>frame</p>'.repeat(200)}`);
  fs.writeFileSync(path.join(dist, 'assets', 'entry-AbC123.js'), script);
  fs.writeFileSync(path.join(dist, 'sw.js'), script);
  precompressFiles(dist);
  t = await createTestApp({ env: { CLIENT_DIST_DIR: dist }, plugins: [routes] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...authHeader(session), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

describe('the built client', () => {
  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, the file itself otherwise', async () => {
    const br = await get('/assets/entry-AbC123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    expect(decoded(br)).toBe(script);

    const gzip = await get('/assets/entry-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(script);

    const plain = await get('/assets/entry-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends the app shell compressed for a deep link too', async () => {
    for (const url of ['/', '/login', '/leave-and-absences/list']) {
      const res = await get(url, 'br;q=1.0, gzip;q=0.8');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(res), url).toContain('<title>Stafflane</title>');
    }
    const refused = await get('/login', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('sends the service worker as it is on disk, compressed per request, even when it is replaced in place', async () => {
    expect(fs.existsSync(path.join(dist, 'sw.js.br'))).toBe(false);
    const deployed = `${script}\n// deployed again\n`;
    fs.writeFileSync(path.join(dist, 'sw.js'), deployed);
    const res = await get('/sw.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(deployed);
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(precompressedEncoding('gzip, deflate, br, zstd')?.name).toBe('br');
    expect(precompressedEncoding('gzip;q=0.5')?.name).toBe('gzip');
    expect(precompressedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(precompressedEncoding('identity')).toBeNull();
    expect(precompressedEncoding('*')?.name).toBe('br');
    expect(precompressedEncoding(undefined)).toBeNull();
  });
});

describe('the API', () => {
  it('compresses JSON over 1 KB for a client that accepts it, with Vary, and the same JSON decoded', async () => {
    const plain = await get('/api/test-compression/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/test-compression/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decoded(br))).toEqual(plain.json());
    const gzip = await get('/api/test-compression/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());
  });

  it('leaves a small answer plain', async () => {
    const res = await get('/api/test-compression/small', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('replays an idempotent write compressed like the first answer, without running it again', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-compression/write',
        payload: {},
        headers: { ...authHeader(session), 'accept-encoding': 'br', 'idempotency-key': 'compressed-write' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['content-encoding']).toBe('br');
    expect(again.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(again))).toEqual(JSON.parse(decoded(first)));
    expect(JSON.parse(decoded(again))).toMatchObject({ write: 1 });
    expect(posts).toBe(1);
  });

  it("sends a file's bytes as stored, with their length", async () => {
    const res = await get('/api/test-compression/file', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(res.body).toBe(script);
  });
});
