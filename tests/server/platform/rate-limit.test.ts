import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

const dist = path.resolve('.tmp', `rate-limit-dist-${process.pid}`);
let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stafflane</title>');
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000', CLIENT_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Each test speaks from its own address, so each starts with a fresh allowance. */
const from = (remoteAddress: string) => (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, remoteAddress, ...(method === 'POST' ? { payload: {} } : {}) });

it('answers API calls over the limit with 429 and a message the client can show', async () => {
  const send = from('192.0.2.1');
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await send('GET', '/api/version')).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const res = await send('GET', '/api/version');
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'rateLimited', message: 'Too many requests. Please wait a moment and try again.' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
});

it('does not count the static app against the limit', async () => {
  const send = from('192.0.2.2');
  for (let i = 0; i < 5; i++) {
    expect((await send('GET', '/some/client/route')).statusCode).toBe(200);
    expect((await send('GET', '/index.html')).statusCode).toBe(200);
  }
  expect((await send('GET', '/api/version')).statusCode).toBe(200);
});

it('counts a percent-encoded API path together with the plain one', async () => {
  const send = from('192.0.2.3');
  const statuses = [];
  for (const url of ['/api/login', '/%61pi/login', '/api/login', '/%61pi/login', '/api/login', '/%61%70%69/login']) {
    statuses.push((await send('POST', url)).statusCode);
  }
  expect(statuses.slice(3)).toEqual([429, 429, 429]);
  expect(statuses.slice(0, 3)).not.toContain(429);
});

it('counts unknown API paths, however spelt, and answers them as JSON 404s', async () => {
  const send = from('192.0.2.4');
  const first = await send('POST', '/%61pi/nothing-here');
  expect(first.statusCode).toBe(404);
  expect(first.json()).toEqual({ code: 'notFound', message: 'Not found.' });
  expect((await send('GET', '/%61pi/nothing-here')).statusCode).toBe(404);
  expect((await send('POST', '/api/nothing-here')).statusCode).toBe(404);
  expect((await send('GET', '/%61pi/version')).statusCode).toBe(429);
});
