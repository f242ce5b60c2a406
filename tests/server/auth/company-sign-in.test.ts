// A company's sign-in settings (Settings › Sign-in security): who must use a second factor —
// everyone, or its owners and HR admins — and, with an impersonated session, none of it changed;
// an HR admin's reset of a person's two-factor. Then signing in with Microsoft or Google against a real OpenID provider run here (oidc-provider):
// a company's owner switches it on for the company's domain, and a person the company added
// signs in with PKCE, state and nonce; a token for another client, an expired or foreign-signed
// token, an unverified address and an address of another company's domain are each refused
// with their own message, as are a used state, a locked address and a company on hold — and
// every attempt is in the audit log like a password's.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import { signInProviderMessages } from '../../../src/modules/auth/company-sign-in.contract';
import { startLocalProvider, type LocalProvider } from '../../e2e/support/local-oidc-provider';
import {
  addCompanyWithRoles,
  addUser,
  bearer,
  inCompany,
  ownerSql,
  postLogin,
  signIn,
  type UserFixture,
} from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createSession, findTokenAccount } from '../../../src/modules/auth/server/auth.queries';
import { signingKeys } from '../../../src/modules/auth/server/authenticator';
import { claimsFor, signAccessToken } from '../../../src/modules/auth/server/tokens';
import { notWhileImpersonatingMessage } from '../../../src/modules/auth/auth.contract';
import { withSystem } from '../../../src/server/db/database';

const ORIGIN = 'http://127.0.0.1:3998';
const DOMAIN = 'northwind.test';
const OTHER_DOMAIN = 'southwind.test';
let t: TestApp;
let provider: LocalProvider;
let companyId: string;
let ownerToken: string;
let employee: UserFixture;
let stranger: UserFixture;

beforeAll(async () => {
  [t, provider] = await Promise.all([
    createTestApp({ realAuth: true, env: { PUBLIC_ORIGIN: ORIGIN } }),
    startLocalProvider({ redirectUris: [`${ORIGIN}/login`] }),
  ]);
  const company = await addCompanyWithRoles(t);
  const other = await addCompanyWithRoles(t);
  companyId = company.companyId;
  const owner = await addUser(t, { company: inCompany(company, 'Owner'), email: `olivia@${DOMAIN}` });
  employee = await addUser(t, { company: inCompany(company, 'Employee'), email: `ella@${DOMAIN}` });
  stranger = await addUser(t, { company: inCompany(other, 'Employee'), email: `sam@${OTHER_DOMAIN}` });
  ownerToken = await signIn(t, owner);
}, 60_000);
afterAll(async () => Promise.all([t.close(), provider.close()]));

const switchOn = (change: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/company-sign-in',
    headers: bearer(ownerToken),
    payload: {
      provider: 'microsoft',
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      domains: [DOMAIN],
      ...change,
    },
  });

/** Start at Stafflane as `typed`, sign in at the provider as `at` (default the same), bring the answer back. */
async function signInWithProvider(typed: string, at = typed) {
  const started = await t.app.inject({ method: 'POST', url: '/api/oidc-login/start', payload: { email: typed } });
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json<{ url: string }>().url);
  const answer = await provider.signIn(url.href, at);
  const res = await t.app.inject({ method: 'POST', url: '/api/oidc-login', payload: answer });
  return { res, url, answer };
}

const lastLoginAudit = async (email: string) =>
  (
    await ownerSql<{ action: string; details: Record<string, unknown> }>(
      t,
      sql`select action, details from audit_log where details->>'email' = ${email} and action like 'login.%' order by id desc limit 1`,
    )
  )[0];

describe("an owner's settings", () => {
  it('keeps the client secret sealed and never answers it, and refuses a domain another company signs in with', async () => {
    const saved = await switchOn();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ provider: 'microsoft', domains: [DOMAIN], has_client_secret: true, passwords_allowed: true });
    expect(saved.body).not.toContain(provider.clientSecret);
    const [row] = await ownerSql<{ client_secret_box: string }>(
      t,
      sql`select client_secret_box from company_sign_in where company_id = ${companyId}`,
    );
    expect(row?.client_secret_box).toMatch(/^v1\./);
    expect(row?.client_secret_box).not.toContain(provider.clientSecret);

    const strangerOwner = await addUser(t, {
      company: inCompany(await addCompanyWithRoles(t), 'Owner'),
      email: `owner@${OTHER_DOMAIN}`,
    });
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/company-sign-in',
      headers: bearer(await signIn(t, strangerOwner)),
      payload: { provider: 'google', issuer: provider.issuer, client_id: 'x', client_secret: 'y', domains: [DOMAIN.toUpperCase()] },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { domains: [signInProviderMessages.domainTaken] } });

    const bad = await switchOn({ issuer: 'not an address', domains: ['not a domain'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).map((key) => key.split('.')[0])).toEqual(
      expect.arrayContaining(['domains', 'issuer']),
    );
  });

  it('tells the login page which button an address gets', async () => {
    const ask = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/sign-in-provider?email=${encodeURIComponent(email)}` })).json();
    expect(await ask(`anyone@${DOMAIN}`)).toEqual({ provider: 'microsoft', passwords_allowed: true });
    expect(await ask(`anyone@${OTHER_DOMAIN}`)).toEqual({ provider: null, passwords_allowed: true });
  });
});

describe('signing in with the provider', () => {
  it('signs a person of the company in with PKCE, state and nonce, and audits it', async () => {
    const { res, url } = await signInWithProvider(employee.email);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: employee.email, auth_token: expect.any(String) as unknown });
    expect(await lastLoginAudit(employee.email)).toMatchObject({
      action: 'login.succeeded',
      details: { method: 'oidc', provider: 'microsoft' },
    });
  });

  it('refuses a state used twice', async () => {
    const { res, answer } = await signInWithProvider(employee.email);
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/oidc-login', payload: answer });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: signInProviderMessages.expired });
  });

  it.each([
    ['a token for another client (wrong audience)', () => (provider.tamper = (claims) => ({ ...claims, aud: 'someone-else' }))],
    [
      'an expired token',
      () =>
        (provider.tamper = (claims) => ({
          ...claims,
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        })),
    ],
    ['a token from another issuer', () => (provider.tamper = (claims) => ({ ...claims, iss: 'https://login.example.test' }))],
    ['a token signed with a key the provider does not publish', () => (provider.foreignKey = true)],
  ])('refuses %s', async (_, spoil) => {
    spoil();
    const { res } = await signInWithProvider(employee.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'provider_refused', message: signInProviderMessages.providerRefused });
    expect(await lastLoginAudit(employee.email)).toMatchObject({
      action: 'login.failed',
      details: { reason: 'oidc_rejected', method: 'oidc' },
    });
  });

  it('refuses an address the provider has not verified', async () => {
    provider.accounts.set(employee.email, { verified: false });
    const { res } = await signInWithProvider(employee.email);
    provider.accounts.delete(employee.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: signInProviderMessages.unverifiedEmail });
  });

  it("refuses an address of another company's domain, and never signs in someone the company did not add", async () => {
    const other = await signInWithProvider(employee.email, stranger.email);
    expect(other.res.statusCode).toBe(401);
    expect(other.res.json()).toMatchObject({ message: signInProviderMessages.otherCompany });
    expect(await lastLoginAudit(stranger.email)).toMatchObject({ action: 'login.failed', details: { reason: 'oidc_other_company' } });

    const unknown = await signInWithProvider(`nobody@${DOMAIN}`);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json()).toMatchObject({ message: signInProviderMessages.noPerson });
    expect(await ownerSql(t, sql`select 1 from users where email = ${`nobody@${DOMAIN}`}`)).toEqual([]);
  });

  it("keeps the address's lock and the company's status, as a password does", async () => {
    await ownerSql(
      t,
      sql`insert into login_attempts (email, failed_count, locked_until) values (${employee.email}, 5, now() + interval '10 minutes')
          on conflict (email) do update set failed_count = 5, locked_until = now() + interval '10 minutes'`,
    );
    const locked = await signInWithProvider(employee.email);
    expect(locked.res.json()).toMatchObject({ status: 'locked' });
    await ownerSql(t, sql`delete from login_attempts where email = ${employee.email}`);

    await ownerSql(t, sql`update companies set status = 'on_hold' where id = ${companyId}`);
    const onHold = await signInWithProvider(employee.email);
    await ownerSql(t, sql`update companies set status = 'active' where id = ${companyId}`);
    expect(onHold.res.statusCode).toBe(401);
    expect(onHold.res.json()).toMatchObject({ status: 'company_inactive', message: loginMessages.companyInactive });
    expect(await lastLoginAudit(employee.email)).toMatchObject({ action: 'login.refused', details: { method: 'oidc' } });
  });

  it("keeps the network's sign-in limit, as a password does: 429 with Retry-After before the answer is looked at, audited", async () => {
    const ip = '203.0.113.31';
    const finishFrom = async (from: string) => {
      const started = await t.app.inject({ method: 'POST', url: '/api/oidc-login/start', payload: { email: employee.email } });
      const answer = await provider.signIn(started.json<{ url: string }>().url, employee.email);
      return t.app.inject({ method: 'POST', url: '/api/oidc-login', remoteAddress: from, payload: answer });
    };
    // The network's window made full (past the test app's limit), as failed sign-ins from it would leave it.
    await ownerSql(t, sql`insert into login_client_attempts (client, window_start, attempts) values (${ip}, now(), 1000000)`);
    const limited = await finishFrom(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rateLimited', message: loginMessages.tooManyAttempts(15) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(await lastLoginAudit('')).toMatchObject({ action: 'login.failed', details: { reason: 'too_many_attempts', method: 'oidc' } });
    // Another network is not held back.
    expect((await finishFrom('198.51.100.31')).statusCode).toBe(200);
  });

  it('refuses the password once the company turns passwords off, and says which button to use', async () => {
    expect((await switchOn({ passwords_allowed: false })).statusCode).toBe(200);
    const res = await postLogin(t, { email: employee.email });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: signInProviderMessages.passwordsOff('microsoft') });
    expect((await signInWithProvider(employee.email)).res.statusCode).toBe(200);
    expect((await switchOn({ passwords_allowed: true })).statusCode).toBe(200);
    expect((await postLogin(t, { email: employee.email })).statusCode).toBe(200);
  });
});

describe('who must use two-factor', () => {
  it('asks owners and HR admins for a code, or everyone, as the owner chooses — and shows it in their settings', async () => {
    const company = await addCompanyWithRoles(t);
    const owner = await addUser(t, { company: inCompany(company, 'Owner') });
    const hrAdmin = await addUser(t, { company: inCompany(company, 'HR admin') });
    const worker = await addUser(t, { company: inCompany(company, 'Employee') });
    const headers = bearer(await signIn(t, owner));
    const hrHeaders = bearer(await signIn(t, hrAdmin));
    const choose = async (two_factor_for: string) => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/company-sign-in', headers, payload: { two_factor_for } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ two_factor_for: string }>();
    };
    const statusOf = async (user: UserFixture) => {
      const res = await postLogin(t, { email: user.email });
      return res.statusCode === 200 ? 'signed in' : res.json<{ status: string; method?: string }>();
    };

    expect(await choose('administrators')).toMatchObject({ two_factor_for: 'administrators' });
    // The e-mailed code counts: nobody is left without a way in.
    expect(await statusOf(owner)).toMatchObject({ status: 'two_factor_required', method: 'mail' });
    expect(await statusOf(hrAdmin)).toMatchObject({ status: 'two_factor_required', method: 'mail' });
    expect(await statusOf(worker)).toBe('signed in');
    const hrSetting = await t.app.inject({ method: 'GET', url: '/api/user-2fa', headers: hrHeaders });
    expect(hrSetting.json()).toMatchObject({ required_by_company: true });

    expect(await choose('everyone')).toMatchObject({ two_factor_for: 'everyone' });
    expect(await statusOf(worker)).toMatchObject({ status: 'two_factor_required' });
    const [row] = await ownerSql<{ require_two_factor: boolean }>(
      t,
      sql`select require_two_factor from companies where id = ${company.companyId}`,
    );
    expect(row?.require_two_factor).toBe(true);

    expect(await choose('nobody')).toMatchObject({ two_factor_for: 'nobody' });
    expect(await statusOf(worker)).toBe('signed in');
    expect(await statusOf(owner)).toBe('signed in');
  });

  it('is not changed from an impersonated session, and an employee cannot change it', async () => {
    const company = await addCompanyWithRoles(t);
    const owner = await addUser(t, { company: inCompany(company, 'Owner') });
    const worker = await addUser(t, { company: inCompany(company, 'Employee') });
    const administrator = await addUser(t, { company: null });
    const sessionId = await createSession(t.database.db, {
      userId: owner.id,
      companyId: company.companyId,
      impersonatorId: administrator.id,
      maxSeconds: 3600,
    });
    const account = await withSystem(t.database.db, (trx) => findTokenAccount(trx, owner.id));
    if (!account) throw new Error('no account');
    const token = await signAccessToken(await signingKeys(t.deps), claimsFor({ account, departmentIds: [], sessionId, imp: true }), 900);
    const payload = { two_factor_for: 'nobody', provider: null };
    const impersonated = await t.app.inject({ method: 'PUT', url: '/api/company-sign-in', headers: bearer(token), payload });
    expect(impersonated.statusCode).toBe(403);
    expect(impersonated.json()).toMatchObject({ message: notWhileImpersonatingMessage });
    const byWorker = await t.app.inject({ method: 'PUT', url: '/api/company-sign-in', headers: bearer(await signIn(t, worker)), payload });
    expect(byWorker.statusCode).toBe(403);
  });

  it("lets an HR admin reset a person's two-factor: audited, and the person told by e-mail", async () => {
    const company = await addCompanyWithRoles(t);
    const hrAdmin = await addUser(t, { company: inCompany(company, 'HR admin') });
    const worker = await addUser(t, { company: inCompany(company, 'Employee') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-2fa-reset',
      headers: bearer(await signIn(t, hrAdmin)),
      payload: { user_id: worker.id },
    });
    expect(res.statusCode, res.body).toBe(204);
    const [audit] = await ownerSql<{ actor_id: string }>(
      t,
      sql`select actor_id from audit_log where action = 'two_factor.reset' and target_id = ${worker.id}`,
    );
    expect(audit?.actor_id).toBe(hrAdmin.id);
    const mails = await ownerSql<{ subject: string }>(t, sql`select subject from outbox_email where to_address = ${worker.email}`);
    expect(mails.map((mail) => mail.subject)).toContain('Your Stafflane two-factor sign-in was reset');
  });
});
