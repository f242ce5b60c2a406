// Administrators: only administrators list, invite and remove them; an invited administrator
// goes through the e-mailed link, /confirm-email and /welcome like anyone; every administrator is
// asked for a sign-in code (ADMIN_TWO_FACTOR, on here as in production); nobody removes
// themselves; a removed administrator cannot sign in and the audit log says who did what.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Administrator } from '../../../src/modules/companies/administrators.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import {
  addCompanyWithRoles,
  addRole,
  addUser,
  bearer,
  codeIn,
  FIXTURE_PASSWORD,
  inCompany,
  ownerSql,
  signIn,
} from '../../support/identity-fixtures';
import { deliveredMail, startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let sink: SmtpSink;
let adminId: string;
let adminToken: string;

/** Signs in, answering the code step from the mail that arrives. */
async function signInWithCode(email: string, password: string): Promise<string> {
  const first = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(first.statusCode).toBe(401);
  expect(first.json()).toMatchObject({ status: 'two_factor_required', isAdmin: true });
  const mails = await deliveredMail(t.deps.mail, sink, email);
  const code = codeIn(mails.at(-1)?.text ?? '');
  const second = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password, two_factor_secret: code } });
  expect(second.statusCode, second.body).toBe(200);
  return second.json<{ auth_token: string }>().auth_token;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    realAuth: true,
    env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://app.example.test', RATE_LIMIT_MAX: '1000000', ADMIN_TWO_FACTOR: '1' },
  });
  const admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  adminId = admin.id;
  // Answers every support team, so the administrators invited here (who start in one) may be removed.
  await ownerSql(
    t,
    sql`insert into support_team_members (user_id, team) values (${adminId}, 'support'), (${adminId}, 'hr'), (${adminId}, 'hs')`,
  );
  adminToken = await signInWithCode(admin.email, FIXTURE_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('administrators', () => {
  it('are listed, invited and removed by administrators only', async () => {
    const company = await addCompanyWithRoles(t);
    const owner = await addUser(t, { company: inCompany(company, 'Owner') });
    const ownerToken = await signIn(t, owner);
    for (const [method, url] of [
      ['GET', '/api/administrators'],
      ['POST', '/api/administrators'],
      ['DELETE', `/api/administrators/${adminId}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(ownerToken), payload: {} })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('an invited administrator sets a password at /welcome, is asked for a code at every sign-in, and can be removed but not remove themselves', async () => {
    const email = `ada.new-${adminId.slice(0, 6)}@stafflane.test`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      headers: bearer(adminToken),
      payload: { first_name: 'Grace', surname: 'Hopper', email },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json<Administrator>()).toMatchObject({ email, status: 'invited' });
    const mail = (await deliveredMail(t.deps.mail, sink, email)).at(-1);
    expect(mail?.text).toContain('You are invited to be a Stafflane administrator');
    const token = new URL(/(\S+\/confirm-email\?token=[\w-]+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x').searchParams.get('token');
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/confirm-email', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const welcomed = await t.app.inject({
      method: 'POST',
      url: '/api/welcome',
      headers: bearer(confirmed.json<{ auth_token: string }>().auth_token),
      payload: { password: 'grace-password-1', accept_terms: true },
    });
    expect(welcomed.statusCode, welcomed.body).toBe(200);

    const graceToken = await signInWithCode(email, 'grace-password-1');
    const list = await t.app.inject({ method: 'GET', url: '/api/administrators', headers: bearer(graceToken) });
    const grace = list.json<{ results: Administrator[] }>().results.find((row) => row.email === email);
    expect(grace).toMatchObject({ status: 'active', first_name: 'Grace' });

    const self = await t.app.inject({ method: 'DELETE', url: `/api/administrators/${grace?.id}`, headers: bearer(graceToken) });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ message: 'You cannot remove yourself: ask another administrator.' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/administrators/${grace?.id}`, headers: bearer(adminToken) });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'grace-password-1' } })).json(),
    ).toMatchObject({
      status: 'failed',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/administrators', headers: bearer(graceToken) })).statusCode).toBe(401);
    const audited = await ownerSql<{ action: string; actor_id: string }>(
      t,
      sql`select action, actor_id from audit_log where action like 'administrator.%' and target_id = ${grace?.id ?? ''} order by id`,
    );
    expect(audited).toEqual([
      { action: 'administrator.invited', actor_id: adminId },
      { action: 'administrator.removed', actor_id: adminId },
    ]);
  });
});

describe('the platform audit', () => {
  it('lists status changes, administrator changes and orders by kind, date and company, and exports CSV; administrators only', async () => {
    const company = await addCompanyWithRoles(t, { name: 'Audited Ltd' });
    const owner = await addUser(t, { company: inCompany(company, 'Owner') });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.companyId}`,
      headers: bearer(adminToken),
      payload: { status: 'on_hold', reason: 'Audit me' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/platform-audit?kind=status&company_id=${company.companyId}`,
      headers: bearer(adminToken),
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      count: 1,
      results: [
        { action: 'company.status_changed', company_name: 'Audited Ltd', details: { from: 'active', to: 'on_hold', reason: 'Audit me' } },
      ],
    });
    const admins = await t.app.inject({ method: 'GET', url: '/api/platform-audit?kind=administrators', headers: bearer(adminToken) });
    expect(admins.json<{ results: { action: string }[] }>().results.map((row) => row.action)).toContain('administrator.removed');
    const future = await t.app.inject({ method: 'GET', url: '/api/platform-audit?from=2999-01-01', headers: bearer(adminToken) });
    expect(future.json()).toMatchObject({ count: 0, results: [] });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/platform-audit?format=csv&company_id=${company.companyId}`,
      headers: bearer(adminToken),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body.slice(1).split('\r\n')[0]).toBe(
      'When (UTC),Action,Company,By,By (e-mail),Impersonating administrator,Target,Target id,Details,IP',
    );
    expect(csv.body).toContain(',company.status_changed,');
    expect((await t.app.inject({ method: 'GET', url: '/api/platform-audit?kind=nonsense', headers: bearer(adminToken) })).statusCode).toBe(
      422,
    );
    const ownerToken = await signIn(t, owner).catch(() => null);
    // The company is on hold, so its owner cannot even sign in; an owner of an active company is refused the call.
    expect(ownerToken).toBeNull();
    const other = await addCompanyWithRoles(t);
    const otherOwner = await signIn(t, await addUser(t, { company: inCompany(other, 'Owner') }));
    expect((await t.app.inject({ method: 'GET', url: '/api/platform-audit', headers: bearer(otherOwner) })).statusCode).toBe(403);
  });
});
