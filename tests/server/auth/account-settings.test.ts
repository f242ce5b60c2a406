// A signed-in user's own password and two-factor setting (PUT /api/password, /api/user-2fa),
// refused while impersonating, and revocation: after a password change or a disabled
// account, an old token fails on the very next request.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentPasswordIncorrectMessage,
  mobileNumberRequiredMessage,
  notWhileImpersonatingMessage,
} from '../../../src/modules/auth/auth.contract';
import { createSession, findTokenAccount } from '../../../src/modules/auth/server/auth.queries';
import { signingKeys } from '../../../src/modules/auth/server/authenticator';
import { claimsFor, signAccessToken } from '../../../src/modules/auth/server/tokens';
import { withSystem } from '../../../src/server/db/database';
import { addCompany, addUser, bearer, FIXTURE_PASSWORD, ownerSql, postLogin, type UserFixture } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true });
});
afterAll(async () => t.close());

async function tokenFor(user: UserFixture): Promise<string> {
  const res = await postLogin(t, { email: user.email });
  expect(res.statusCode).toBe(200);
  return res.json().auth_token;
}

/** A session an administrator holds as `user` (the grant flow that makes these comes later). */
async function impersonatedToken(user: UserFixture): Promise<string> {
  const admin = await addUser(t, { company: null });
  const sessionId = await createSession(t.database.db, {
    userId: user.id,
    companyId: user.companyId,
    impersonatorId: admin.id,
    maxSeconds: 3600,
  });
  const account = await withSystem(t.database.db, (trx) => findTokenAccount(trx, user.id));
  if (!account) throw new Error('no account');
  return signAccessToken(await signingKeys(t.deps), claimsFor({ account, departmentIds: [], sessionId, imp: true }), 900);
}

const changePassword = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/password', headers: { ...bearer(token), ...headers }, payload });
const getTwoFactor = (token: string) => t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(token) });
const putTwoFactor = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/user-2fa', headers: bearer(token), payload });

describe('PUT /api/password', () => {
  it('refuses a wrong current password on current_password', async () => {
    const token = await tokenFor(await addUser(t, { company: await addCompany(t) }));
    const res = await changePassword(token, { current_password: 'not-it', password: 'new-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: [currentPasswordIncorrectMessage] });
    expect((await getTwoFactor(token)).statusCode).toBe(200);
  });

  it('ends every session of the user within one request and returns a working new one', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const token = await tokenFor(user);
    const elsewhere = await tokenFor(user);
    const res = await changePassword(token, { current_password: FIXTURE_PASSWORD, password: 'changed-password' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['auth_token', 'permissions']);
    expect(res.json().permissions.length).toBeGreaterThan(0);

    expect((await getTwoFactor(token)).statusCode).toBe(401);
    expect((await getTwoFactor(elsewhere)).statusCode).toBe(401);
    expect((await getTwoFactor(res.json().auth_token)).statusCode).toBe(200);
    expect((await postLogin(t, { email: user.email })).statusCode).toBe(401);
    expect((await postLogin(t, { email: user.email, password: 'changed-password' })).statusCode).toBe(200);

    const [entry] = await ownerSql<{ actor_id: string; details: unknown }>(
      t,
      sql`select actor_id, details from audit_log where action = 'password.changed' and target_id = ${user.id}`,
    );
    expect(entry).toEqual({ actor_id: user.id, details: { sessions_revoked: 2 } });
  });

  it('never stores its answer (a token) for idempotent replay', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const res = await changePassword(
      await tokenFor(user),
      { current_password: FIXTURE_PASSWORD, password: 'keyed-password' },
      {
        'idempotency-key': 'change-1',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(await ownerSql(t, sql`select 1 from idempotency_keys where user_id = ${user.id}`)).toHaveLength(0);
  });

  it('is refused while impersonating, and without a session', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const impersonated = await impersonatedToken(user);
    const res = await changePassword(impersonated, { current_password: FIXTURE_PASSWORD, password: 'hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(notWhileImpersonatingMessage);
    // Refused before the body is looked at.
    expect((await changePassword(impersonated, { current_password: 1 })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/password', payload: { current_password: 'x', password: 'y' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('/api/user-2fa', () => {
  it('shows the own setting with the destination masked, and whether the company requires it', async () => {
    const user = await addUser(t, { company: await addCompany(t), email: 'eric.setting@example.test' });
    expect((await getTwoFactor(await tokenFor(user))).json()).toEqual({
      enabled: false,
      method: 'mail',
      contact: 'e***@example.test',
      required_by_company: false,
      authenticator: false,
      recovery_codes_left: 0,
      passkeys: [],
    });
    // Signing in there needs a code; an impersonated session reads the setting without one.
    const required = await addUser(t, { company: await addCompany(t, { requireTwoFactor: true }) });
    expect((await getTwoFactor(await impersonatedToken(required))).json()).toMatchObject({ enabled: false, required_by_company: true });
  });

  it('turns two-factor on, after which sign-in asks for a code', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    const res = await putTwoFactor(await tokenFor(user), { enabled: true, method: 'mail' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, method: 'mail' });
    expect((await postLogin(t, { email: user.email })).json()).toMatchObject({ status: 'two_factor_required' });
    const [entry] = await ownerSql<{ details: unknown }>(
      t,
      sql`select details from audit_log where action = 'two_factor.updated' and actor_id = ${user.id}`,
    );
    expect(entry?.details).toEqual({ from: { enabled: false, method: 'mail' }, to: { enabled: true, method: 'mail' } });
  });

  it('refuses text messages without a mobile number, and accepts them with one', async () => {
    const without = await addUser(t, { company: await addCompany(t) });
    const refused = await putTwoFactor(await tokenFor(without), { enabled: true, method: 'mobile' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ method: [mobileNumberRequiredMessage] });

    const withMobile = await addUser(t, { company: await addCompany(t), mobile: '07700 901234' });
    const accepted = await putTwoFactor(await tokenFor(withMobile), { enabled: true, method: 'mobile' });
    expect(accepted.json()).toEqual({
      enabled: true,
      method: 'mobile',
      contact: '*******1234',
      required_by_company: false,
      authenticator: false,
      recovery_codes_left: 0,
      passkeys: [],
    });
  });

  it('validates the body and is refused while impersonating (reading is allowed)', async () => {
    const user = await addUser(t, { company: await addCompany(t) });
    expect((await putTwoFactor(await tokenFor(user), { enabled: 'yes', method: 'pigeon' })).statusCode).toBe(422);
    const impersonated = await impersonatedToken(user);
    expect((await getTwoFactor(impersonated)).statusCode).toBe(200);
    const res = await putTwoFactor(impersonated, { enabled: false, method: 'mail' });
    expect(res.statusCode).toBe(403);
    expect((await putTwoFactor(impersonated, { enabled: 'no' })).statusCode).toBe(403);
    expect(res.json().message).toBe(notWhileImpersonatingMessage);
  });
});

describe('disabled accounts', () => {
  for (const status of ['locked', 'terminated'] as const) {
    it(`a ${status} user's token fails on the next request`, async () => {
      const user = await addUser(t, { company: await addCompany(t) });
      const token = await tokenFor(user);
      expect((await getTwoFactor(token)).statusCode).toBe(200);
      await ownerSql(t, sql`update users set status = ${status} where id = ${user.id}`);
      expect((await getTwoFactor(token)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(token) })).statusCode).toBe(401);
    });
  }
});
