import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../../src/server/app-deps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

// A route that hands PostgreSQL whatever it is given, as a module with a loose schema would.
const echoThroughDatabase: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/api/echo-db', { config: { access: 'public' } }, async (request) => {
    const { text, number } = request.body as { text: string; number: string };
    const { rows } = await sql<{ text: string; number: number }>`select ${text}::text as text, ${number}::int as number`.execute(deps.db);
    return rows[0];
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ plugins: [echoThroughDatabase] });
});
afterAll(async () => t.close());

describe('platform endpoints', () => {
  it('answers /api/version with the package version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '0.0.0-test', app_store_url: null, play_store_url: null });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives the mobile apps' store pages the operator configured, for the menu's badges", async () => {
    const stores = await createTestApp({
      env: {
        APP_STORE_URL: 'https://apps.apple.com/gb/app/stafflane/id1',
        PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=x',
      },
    });
    try {
      const res = await stores.app.inject({ method: 'GET', url: '/api/version' });
      expect(res.json()).toMatchObject({
        app_store_url: 'https://apps.apple.com/gb/app/stafflane/id1',
        play_store_url: 'https://play.google.com/store/apps/details?id=x',
      });
    } finally {
      await stores.close();
    }
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/version',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'badRequest' });
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/version', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payloadTooLarge' });
  });

  it('answers values PostgreSQL refuses with 422, not 500', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/echo-db', payload: { text: 'fine', number: '7' } });
    expect(ok.json()).toEqual({ text: 'fine', number: 7 });
    for (const payload of [
      { text: 'a\u0000b', number: '1' },
      { text: 'x', number: 'seven' },
      { text: 'x', number: '99999999999' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/echo-db', payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation', message: 'Please check provided details.' });
    }
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('runs requests as the application login, a member of stafflane_app that is not a superuser and bypasses nothing', async () => {
    const { rows } = await sql<{ current_user: string; session_user: string; rolsuper: boolean; rolbypassrls: boolean; member: boolean }>`
      select current_user, session_user, rolsuper, rolbypassrls, pg_has_role(current_user, 'stafflane_app', 'USAGE') as member
      from pg_roles where rolname = current_user`.execute(t.database.db);
    expect(rows[0]).toEqual({
      current_user: expect.stringMatching(/^stafflane_login_[0-9a-f]{12}$/),
      session_user: rows[0]?.current_user,
      rolsuper: false,
      rolbypassrls: false,
      member: true,
    });
  });
});
