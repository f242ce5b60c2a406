// Sign-in, the access token's claims, refresh and revocation against the seeded demo company.
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo, DEMO_USER_COUNT } from '../../../src/app/server/seed';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true });
  await seedDemo(t.database.ownerDb);
});
afterAll(async () => t.close());

async function login(email: string, password = DEMO_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

describe('POST /api/login', () => {
  it('signs the owner in with the response', async () => {
    const res = await login('owner@demo.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['auth_token', 'docs_only', 'hr_client', 'hs_client', 'misconfigured', 'permissions']);
    expect(body).toMatchObject({ misconfigured: false, docs_only: false, hr_client: true, hs_client: true });
    expect(body.permissions).toContainEqual({ endpoint: '/api/user-absence', method: 'GET', type: 'company' });
  });

  it('puts exactly the claims and a session id in the token', async () => {
    const { auth_token } = (await login('manager@demo.test')).json();
    const claims = decodeJwt(auth_token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        'authorised_contact',
        'company_id',
        'department_id',
        'departments',
        'exp',
        'first_name',
        'iat',
        'imp',
        'line_managers',
        'sid',
        'status',
        'user_id',
      ].sort(),
    );
    expect(claims).toMatchObject({ first_name: 'Marcus', imp: false, status: 'active', authorised_contact: false });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(claims.departments).toEqual([claims.department_id]);
  });

  it('signs an administrator in with no company', async () => {
    const res = await login('admin@stafflane.test');
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().auth_token).company_id).toBeNull();
  });

  it('flags a docs-only account', async () => {
    expect((await login('docs@demo.test')).json()).toMatchObject({ docs_only: true });
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const wrong = await login('owner@demo.test', 'not-the-password');
    const unknown = await login('nobody@demo.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Login Failed, please check your email and password.');
  });

  it('refuses malformed input with field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'not-an-email', password: '123' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ email: ['This is not a valid e-mail address.'], password: ["It's too short."] });
  });

  it('matches e-mail addresses without regard to case', async () => {
    expect((await login('Owner@Demo.Test')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refreshes while the session lives and stops at once after logout', async () => {
    const { auth_token } = (await login('employee@demo.test')).json();
    const headers = { authorization: `Bearer ${auth_token}` };
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().permissions.length).toBeGreaterThan(0);
    expect(decodeJwt(refreshed.json().auth_token).sid).toBe(decodeJwt(auth_token).sid);

    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers })).statusCode).toBe(401);
  });

  it('refuses a token whose signature does not match', async () => {
    const { auth_token } = (await login('employee@demo.test')).json();
    const [head, payload] = auth_token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });

  it('ends a session that has been idle too long', async () => {
    const { auth_token } = (await login('employee@demo.test')).json();
    const sid = String(decodeJwt(auth_token).sid);
    await sql`update sessions set last_seen_at = now() - interval '8 days' where id = ${sid}`.execute(t.database.ownerDb);
    const res = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { authorization: `Bearer ${auth_token}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('demo seed', () => {
  it('does not seed twice', async () => {
    expect((await seedDemo(t.database.ownerDb)).created).toBe(false);
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from users`.execute(t.database.ownerDb);
    expect(rows[0]?.count).toBe(DEMO_USER_COUNT);
  });
});
