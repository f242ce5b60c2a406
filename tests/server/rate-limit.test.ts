import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterAll(async () => t.close());

it('answers API calls over the limit with 429 and a message the client can show', async () => {
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/version' })).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const res = await t.app.inject({ method: 'GET', url: '/api/version' });
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'rateLimited', message: 'Too many requests. Please wait a moment and try again.' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
});

it('does not count the static app against the limit', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/some/client/route' });
  expect(res.statusCode).not.toBe(429);
});
