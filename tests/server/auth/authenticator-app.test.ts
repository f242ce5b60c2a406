// Authenticator apps (RFC 6238) and recovery codes: set up from a secret shown once and kept
// encrypted, confirmed with a code; at sign-in the app's code works within a step either side
// and once only, a recovery code once only, five guesses as for e-mailed codes; an owner's
// reset clears it all, is audited and tells the person by e-mail — within their company only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import { authenticatorMessages } from '../../../src/modules/auth/two-factor.contract';
import { base32Decode, base32Encode, matchTotp, totp, totpStep } from '../../../src/modules/auth/server/totp';
import { TWO_FACTOR_RESET_SUBJECT } from '../../../src/modules/auth/server/two-factor-reset.service';
import { resetAdministratorTwoFactor } from '../../../src/app/server/cli/admin-cli.service';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import {
  addCompanyWithRoles,
  addRole,
  addUser,
  bearer,
  codeIn,
  inCompany,
  ownerSql,
  postLogin,
  signIn,
  type UserFixture,
} from '../../support/identity-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ realAuth: true, env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('RFC 6238', () => {
  // Appendix B: the SHA-1 seed "12345678901234567890", eight digits.
  const seed = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totp(seed, seconds * 1000, 8)).toBe(code);
  });

  it('reads the secret as authenticator apps write it (base32)', () => {
    expect(base32Encode(seed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(seed);
  });

  it('takes a code from one step either side of now, not two, and none at or before the last used step', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const at = (offset: number) => totp(seed, now + offset * 30_000);
    expect(matchTotp(seed, at(-1), now, 0)).toBe(step - 1);
    expect(matchTotp(seed, at(0), now, 0)).toBe(step);
    expect(matchTotp(seed, at(1), now, 0)).toBe(step + 1);
    expect(matchTotp(seed, at(-2), now, 0)).toBeNull();
    expect(matchTotp(seed, at(2), now, 0)).toBeNull();
    expect(matchTotp(seed, at(0), now, step)).toBeNull();
    expect(matchTotp(seed, at(1), now, step)).toBe(step + 1);
  });
});

type Setup = { user: UserFixture; token: string; secret: Buffer; codes: string[] };

/** A person of a new company who has set up an authenticator app through the API. */
async function withAuthenticator(role = 'Employee'): Promise<Setup & { company: Awaited<ReturnType<typeof addCompanyWithRoles>> }> {
  const company = await addCompanyWithRoles(t);
  const user = await addUser(t, { company: inCompany(company, role) });
  const token = await signIn(t, user);
  const started = await t.app.inject({ method: 'POST', url: '/api/user-2fa/authenticator', headers: bearer(token) });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri } = started.json<{ secret: string; uri: string }>();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Stafflane:.+\?secret=[A-Z2-7]+&issuer=Stafflane&algorithm=SHA1&digits=6&period=30$/);
  const key = base32Decode(secret);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/user-2fa/authenticator/confirm',
    headers: bearer(token),
    payload: { code: totp(key, Date.now()) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { company, user, token, secret: key, codes: confirmed.json<{ codes: string[] }>().codes };
}

/** The password step, then the code: the second answer. */
async function signInWith(user: UserFixture, code: string) {
  const asked = await postLogin(t, { email: user.email });
  expect(asked.statusCode).toBe(401);
  return postLogin(t, { email: user.email, two_factor_secret: code });
}

describe('setting up', () => {
  it('confirms with a code, then chooses the app, shows ten recovery codes once and keeps secrets only sealed or hashed', async () => {
    const { user, token, secret, codes } = await withAuthenticator();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const setting = await t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(token) });
    expect(setting.json()).toMatchObject({ enabled: true, method: 'app', authenticator: true, recovery_codes_left: 10, passkeys: [] });
    expect(setting.body).not.toContain(base32Encode(secret));

    const [stored] = await ownerSql<{ secret_box: string }>(t, sql`select secret_box from authenticator_apps where user_id = ${user.id}`);
    expect(stored?.secret_box).toMatch(/^v1\./);
    expect(stored?.secret_box).not.toContain(base32Encode(secret));
    expect(stored?.secret_box).not.toContain(secret.toString('base64url'));
    const hashes = await ownerSql<{ code_hash: string }>(t, sql`select code_hash from recovery_codes where user_id = ${user.id}`);
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) for (const code of codes) expect(code_hash).not.toContain(code.replace('-', ''));
  });

  it('refuses a wrong confirming code and keeps the e-mailed codes until a right one', async () => {
    const company = await addCompanyWithRoles(t);
    const user = await addUser(t, { company: inCompany(company, 'Employee') });
    const token = await signIn(t, user);
    const started = await t.app.inject({ method: 'POST', url: '/api/user-2fa/authenticator', headers: bearer(token) });
    const key = base32Decode(started.json<{ secret: string }>().secret);
    const wrong = String((Number(totp(key, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user-2fa/authenticator/confirm',
      headers: bearer(token),
      payload: { code: wrong },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { code: [authenticatorMessages.wrongCode] } });
    const setting = await t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: bearer(token) });
    expect(setting.json()).toMatchObject({ method: 'mail', authenticator: false, recovery_codes_left: 0 });
    const choose = await t.app.inject({
      method: 'PUT',
      url: '/api/user-2fa',
      headers: bearer(token),
      payload: { enabled: true, method: 'app' },
    });
    expect(choose.statusCode).toBe(422);
  });
});

describe('signing in', () => {
  it("asks for the app's code (nothing mailed) and takes it once", async () => {
    const { user, secret } = await withAuthenticator();
    const mailsBefore = sink.messages.filter((m) => m.to.includes(user.email)).length;
    const asked = await postLogin(t, { email: user.email });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ status: 'two_factor_required', method: 'app', message: loginMessages.codeSent('app', '') });
    // The confirming code spent this step: the next step's code (within the window) signs in.
    const code = totp(secret, Date.now() + 30_000);
    const ok = await postLogin(t, { email: user.email, two_factor_secret: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).not.toHaveProperty('recovery_codes_left');

    const replayed = await signInWith(user, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ status: 'invalid_code', message: loginMessages.invalidCode });
    expect(sink.messages.filter((m) => m.to.includes(user.email))).toHaveLength(mailsBefore);
    const [audit] = await ownerSql<{ details: Record<string, unknown> }>(
      t,
      sql`select details from audit_log where target_id = ${user.id} and action = 'login.code_rejected' order by id desc limit 1`,
    );
    expect(audit?.details).toMatchObject({ reason: 'wrong_code', method: 'app' });
  });

  it('takes a recovery code once, says how many are left, and never the same one again', async () => {
    const { user, codes } = await withAuthenticator();
    const [first = ''] = codes;
    const ok = await signInWith(user, first.toUpperCase().replace('-', ' '));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ recovery_codes_left: 9 });
    const again = await signInWith(user, first);
    expect(again.json()).toMatchObject({ status: 'invalid_code' });
    const [entry] = await ownerSql<{ details: Record<string, unknown> }>(
      t,
      sql`select details from audit_log where target_id = ${user.id} and action = 'login.succeeded' order by id desc limit 1`,
    );
    expect(entry?.details).toMatchObject({ two_factor: true, recovery_code: true });
  });

  it('allows five guesses, then not even the right code, and the last guess counts towards the lock', async () => {
    const { user, secret } = await withAuthenticator();
    await postLogin(t, { email: user.email });
    for (let guess = 1; guess <= 5; guess++) {
      const res = await postLogin(t, { email: user.email, two_factor_secret: '000000' === totp(secret, Date.now()) ? '111111' : '000000' });
      expect(res.json()).toMatchObject({ status: 'invalid_code', attempts: guess });
    }
    const right = await postLogin(t, { email: user.email, two_factor_secret: totp(secret, Date.now() + 30_000) });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ status: 'invalid_code' });
    const [attempts] = await ownerSql<{ failed_count: number }>(
      t,
      sql`select failed_count from login_attempts where email = ${user.email}`,
    );
    expect(attempts?.failed_count).toBe(1);
  });

  it('is what an administrator is asked for once they have an app, instead of an e-mailed code', async () => {
    const admin = await createTestApp({ realAuth: true, env: { SMTP_URL: sink.url, ADMIN_TWO_FACTOR: '1' } });
    try {
      const user = await addUser(admin, {
        company: null,
        roleId: await addRole(admin, { companyId: null, template: PRODUCT_ROLES.administrator }),
      });
      const mailed = await postLogin(admin, { email: user.email });
      expect(mailed.json()).toMatchObject({ status: 'two_factor_required', method: 'mail', isAdmin: true });
      const headers = bearer(await signInByMail(admin, user));
      const started = await admin.app.inject({ method: 'POST', url: '/api/user-2fa/authenticator', headers });
      const key = base32Decode(started.json<{ secret: string }>().secret);
      const confirmed = await admin.app.inject({
        method: 'POST',
        url: '/api/user-2fa/authenticator/confirm',
        headers,
        payload: { code: totp(key, Date.now()) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const asked = await postLogin(admin, { email: user.email });
      expect(asked.json()).toMatchObject({ status: 'two_factor_required', method: 'app', isAdmin: true });
    } finally {
      await admin.close();
    }
  });
});

/** Signs in with the code the last sign-in e-mail to `user` brought. */
async function signInByMail(app: TestApp, user: UserFixture): Promise<string> {
  await expect.poll(() => sink.messages.some((m) => m.to.includes(user.email)), { timeout: 10_000 }).toBe(true);
  const mail = sink.messages.filter((m) => m.to.includes(user.email)).at(-1);
  const res = await postLogin(app, { email: user.email, two_factor_secret: codeIn(mail?.raw ?? '') });
  if (res.statusCode !== 200) throw new Error(`no session for ${user.email}: ${res.body}`);
  return res.json<{ auth_token: string }>().auth_token;
}

describe("an owner's reset", () => {
  it("is what `npm run admin -- reset-2fa` does for an administrator, with a passkey's row too", async () => {
    const user = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
    const token = await signIn(t, user);
    const started = await t.app.inject({ method: 'POST', url: '/api/user-2fa/authenticator', headers: bearer(token) });
    const key = base32Decode(started.json<{ secret: string }>().secret);
    await t.app.inject({
      method: 'POST',
      url: '/api/user-2fa/authenticator/confirm',
      headers: bearer(token),
      payload: { code: totp(key, Date.now()) },
    });
    await ownerSql(
      t,
      sql`insert into passkeys (user_id, name, credential_id, public_key) values (${user.id}, 'Security key', ${`cred-${user.id}`}, '\\x00')`,
    );
    await resetAdministratorTwoFactor({ deps: t.deps, email: user.email });
    const [left] = await ownerSql<{ apps: number; codes: number; passkeys: number; method: string }>(
      t,
      sql`select (select count(*)::int from authenticator_apps where user_id = ${user.id}) as apps,
                 (select count(*)::int from recovery_codes where user_id = ${user.id}) as codes,
                 (select count(*)::int from passkeys where user_id = ${user.id}) as passkeys,
                 (select two_factor_method from users where id = ${user.id}) as method`,
    );
    expect(left).toEqual({ apps: 0, codes: 0, passkeys: 0, method: 'mail' });
    const [entry] = await ownerSql<{ details: Record<string, unknown> }>(
      t,
      sql`select details from audit_log where target_id = ${user.id} and action = 'administrator.two_factor_reset'`,
    );
    expect(entry?.details).toMatchObject({ authenticator: true, passkeys: 1, via: 'command-line' });
    await expect
      .poll(() => sink.messages.some((m) => m.to.includes(user.email) && m.raw.includes(TWO_FACTOR_RESET_SUBJECT)), { timeout: 10_000 })
      .toBe(true);
  });

  it('clears the app, recovery codes and passkeys, audits it and e-mails the person; codes come by e-mail again', async () => {
    const { company, user, codes } = await withAuthenticator();
    const owner = await addUser(t, { company: inCompany(company, 'Owner') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-2fa-reset',
      headers: bearer(await signIn(t, owner)),
      payload: { user_id: user.id },
    });
    expect(res.statusCode, res.body).toBe(204);

    const [entry] = await ownerSql<{ actor_id: string; company_id: string; details: Record<string, unknown> }>(
      t,
      sql`select actor_id, company_id, details from audit_log where target_id = ${user.id} and action = 'two_factor.reset'`,
    );
    expect(entry).toMatchObject({ actor_id: owner.id, company_id: company.companyId, details: { authenticator: true, passkeys: 0 } });
    await expect
      .poll(() => sink.messages.some((m) => m.to.includes(user.email) && m.raw.includes(TWO_FACTOR_RESET_SUBJECT)), { timeout: 10_000 })
      .toBe(true);

    const asked = await postLogin(t, { email: user.email });
    expect(asked.json()).toMatchObject({ status: 'two_factor_required', method: 'mail' });
    const recovery = await postLogin(t, { email: user.email, two_factor_secret: codes[0] ?? '' });
    expect(recovery.statusCode).toBe(401);
  });

  it("is refused for another company's person (404), for an employee (403) and for oneself", async () => {
    const { user } = await withAuthenticator();
    const other = await addCompanyWithRoles(t);
    const otherOwner = await addUser(t, { company: inCompany(other, 'Owner') });
    const colleague = await addUser(t, { company: inCompany(other, 'Employee') });
    const ownerToken = await signIn(t, otherOwner);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user-2fa-reset',
      headers: bearer(ownerToken),
      payload: { user_id: user.id },
    });
    expect(foreign.statusCode).toBe(404);
    const employee = await t.app.inject({
      method: 'POST',
      url: '/api/user-2fa-reset',
      headers: bearer(await signIn(t, colleague)),
      payload: { user_id: otherOwner.id },
    });
    expect(employee.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/user-2fa-reset',
      headers: bearer(ownerToken),
      payload: { user_id: otherOwner.id },
    });
    expect(self.statusCode).toBe(403);
    const [app] = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from authenticator_apps where user_id = ${user.id}`);
    expect(app?.n).toBe(1);
  });
});
