// Serving the built client: cache rules per file kind, client routes deep-link to the app
// shell, and unknown API paths and missing assets stay JSON 404s.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

const dist = path.resolve('.tmp', `static-dist-${process.pid}`);
let t: TestApp;

beforeAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stafflane</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'entry-AbC123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Stafflane"}');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
  t = await createTestApp({ env: { CLIENT_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('static app', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const res = await get('/assets/entry-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never caches the shell files', async () => {
    for (const url of ['/', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/manifest.webmanifest')).headers['content-type']).toMatch(/application\/manifest\+json/);
  });

  it('answers client routes with the app shell', async () => {
    for (const url of ['/login', '/employee/123?tab=pay', '/leave-and-absences/list']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Stafflane</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps a missing asset and an unknown API path as JSON 404s', async () => {
    for (const url of ['/assets/entry-gone.js', '/api/nothing-here', '/favicon-missing.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'notFound', message: 'Not found.' });
    }
  });

  it('sends the security headers with static files too', async () => {
    const res = await get('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
