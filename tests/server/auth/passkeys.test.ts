// Passkeys, with a software authenticator: added under a name from the person's own open
// challenge, listed, removed; "Sign in with a passkey" answers a session (two factors in one)
// through the same company and lock checks and audit as a password; a copied key whose
// signature counter did not move on is refused, as is a challenge used twice.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import { passkeyMessages } from '../../../src/modules/auth/two-factor.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import {
  addCompanyWithRoles,
  addRole,
  addUser,
  bearer,
  inCompany,
  ownerSql,
  postLogin,
  signIn,
  type UserFixture,
} from '../../support/identity-fixtures';
import { SoftwarePasskey } from '../../support/software-passkey';
import { createTestApp, type TestApp } from '../../support/test-app';

const ORIGIN = 'http://127.0.0.1:3999';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { PUBLIC_ORIGIN: ORIGIN } });
});
afterAll(() => t.close());

async function withPasskey(): Promise<{ user: UserFixture; token: string; passkey: SoftwarePasskey; companyId: string }> {
  const company = await addCompanyWithRoles(t);
  const user = await addUser(t, { company: inCompany(company, 'Employee') });
  const token = await signIn(t, user);
  // Browsers take no IP address as a passkey's site: at 127.0.0.1 the site is localhost.
  const passkey = new SoftwarePasskey('localhost', 'http://localhost:3999');
  const options = await t.app.inject({ method: 'POST', url: '/api/passkeys/options', headers: bearer(token) });
  expect(options.statusCode, options.body).toBe(200);
  const created = options.json<{ challenge: string; rp: { id: string }; authenticatorSelection: { residentKey: string } }>();
  expect(created.rp.id).toBe('localhost');
  expect(created.authenticatorSelection.residentKey).toBe('required');
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/passkeys',
    headers: bearer(token),
    payload: { name: 'Work laptop', response: passkey.register(created.challenge) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { user, token, passkey, companyId: company.companyId };
}

async function passkeySignIn(passkey: SoftwarePasskey, userId: string, options: { countUp?: boolean } = {}) {
  const asked = await t.app.inject({ method: 'POST', url: '/api/passkey-login/options' });
  expect(asked.statusCode).toBe(200);
  const { challenge, userVerification } = asked.json<{ challenge: string; userVerification: string }>();
  expect(userVerification).toBe('required');
  const response = passkey.assert(challenge, userId, options);
  return { res: await t.app.inject({ method: 'POST', url: '/api/passkey-login', payload: { response } }), response };
}

describe('passkeys in settings', () => {
  it('are added under a name, listed with the two-factor setting, and removed', async () => {
    const { token } = await withPasskey();
    const setting = await t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(token) });
    const passkeys = setting.json<{ passkeys: { id: string; name: string; last_used_at: string | null }[] }>().passkeys;
    expect(passkeys).toEqual([{ id: expect.any(String), name: 'Work laptop', created_at: expect.any(String), last_used_at: null }]);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${passkeys[0]?.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(token) });
    expect(after.json()).toMatchObject({ passkeys: [] });
  });

  it("are refused a registration answering no open challenge of the person's own, and another person's passkey cannot be removed", async () => {
    const { token } = await withPasskey();
    const stranger = new SoftwarePasskey('localhost', 'http://localhost:3999');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys',
      headers: bearer(token),
      payload: { name: 'Made up', response: stranger.register('bm90LWEtY2hhbGxlbmdl') },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { response: [passkeyMessages.notRegistered] } });

    const other = await withPasskey();
    const [theirs] = await ownerSql<{ id: string }>(t, sql`select id from passkeys where user_id = ${other.user.id}`);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${theirs?.id}`, headers: bearer(token) });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('signing in with a passkey', () => {
  it('answers a session, audited as a two-factor sign-in, and moves the counter on', async () => {
    const { user, passkey } = await withPasskey();
    const { res } = await passkeySignIn(passkey, user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().auth_token).toEqual(expect.any(String));
    const [entry] = await ownerSql<{ actor_id: string; details: Record<string, unknown> }>(
      t,
      sql`select actor_id, details from audit_log where target_id = ${user.id} and action = 'login.succeeded' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ actor_id: user.id, details: { two_factor: true, method: 'passkey' } });
    const [stored] = await ownerSql<{ sign_count: string }>(t, sql`select sign_count from passkeys where user_id = ${user.id}`);
    expect(Number(stored?.sign_count)).toBe(1);
  });

  it('refuses a cloned key whose counter is stale, and the same signed answer twice', async () => {
    const { user, passkey } = await withPasskey();
    const copy = passkey.clone();
    passkey.signCount = 4;
    const first = await passkeySignIn(passkey, user.id);
    expect(first.res.statusCode).toBe(200);
    // The copy still counts from 0: its next signature says 1, behind the 5 already seen.
    const cloned = await passkeySignIn(copy, user.id);
    expect(cloned.res.statusCode).toBe(401);
    expect(cloned.res.json()).toMatchObject({ status: 'failed', message: passkeyMessages.refused });
    const [audit] = await ownerSql<{ details: Record<string, unknown> }>(
      t,
      sql`select details from audit_log where target_id = ${user.id} and action = 'login.failed' order by id desc limit 1`,
    );
    expect(audit?.details).toMatchObject({ reason: 'passkey_counter', method: 'passkey' });

    const replay = await t.app.inject({ method: 'POST', url: '/api/passkey-login', payload: { response: first.response } });
    expect(replay.statusCode).toBe(401);
  });

  it("refuses a person whose company is on hold, with the same words as the password's", async () => {
    const { user, passkey, companyId } = await withPasskey();
    await ownerSql(t, sql`update companies set status = 'on_hold' where id = ${companyId}`);
    const { res } = await passkeySignIn(passkey, user.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'company_inactive', message: loginMessages.companyInactive });
  });

  it('refuses while the address is locked after wrong passwords', async () => {
    const { user, passkey } = await withPasskey();
    await ownerSql(
      t,
      sql`insert into login_attempts (email, failed_count, last_failed_at, locked_until) values (${user.email}, 5, now(), now() + interval '15 minutes')`,
    );
    const { res } = await passkeySignIn(passkey, user.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'locked' });
  });

  it('is how an administrator with a passkey and no authenticator app signs in: the password alone is refused', async () => {
    const admin = await createTestApp({ realAuth: true, env: { PUBLIC_ORIGIN: ORIGIN, ADMIN_TWO_FACTOR: '1' } });
    try {
      const user = await addUser(admin, {
        company: null,
        roleId: await addRole(admin, { companyId: null, template: PRODUCT_ROLES.administrator }),
      });
      const passkey = new SoftwarePasskey('localhost', 'http://localhost:3999');
      await ownerSql(
        admin,
        sql`insert into passkeys (user_id, name, credential_id, public_key) values (${user.id}, 'Security key', ${passkey.id}, ${passkey.cosePublicKey()})`,
      );
      const password = await postLogin(admin, { email: user.email });
      expect(password.statusCode).toBe(401);
      expect(password.json()).toMatchObject({ status: 'passkey_required', message: loginMessages.passkeyRequired });
      const asked = await admin.app.inject({ method: 'POST', url: '/api/passkey-login/options' });
      const response = passkey.assert(asked.json<{ challenge: string }>().challenge, user.id);
      const signedIn = await admin.app.inject({ method: 'POST', url: '/api/passkey-login', payload: { response } });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ email: user.email });
    } finally {
      await admin.close();
    }
  });

  it('refuses an answer that is not a passkey before looking for one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/passkey-login', payload: { response: { id: 'x' } } });
    expect(res.statusCode).toBe(422);
  });
});
