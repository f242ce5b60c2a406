import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('platform endpoints', () => {
  it('answers /api/version with the package version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '0.0.0-test' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /api/health after asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('keeps a caller-supplied request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'notFound', message: 'Not found.' });
  });

  it('answers bad JSON with a 400 JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/version', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'badRequest' });
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/version', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payloadTooLarge' });
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('runs requests as the application role, which is not a superuser and bypasses nothing', async () => {
    const { rows } = await sql<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>`
      select current_user, rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(t.database.db);
    expect(rows[0]).toEqual({ current_user: 'stafflane_app', rolsuper: false, rolbypassrls: false });
  });
});
