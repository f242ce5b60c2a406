// Impersonation with the company's consent: an administrator asks, the owner is notified and
// decides, an open grant lets the administrator sign in as a company user through a one-time
// token (imp: true), everything is audited with the impersonator, and the grant's end ends
// the sessions.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequestMessages, type AccessRequest } from '../../../src/modules/auth/access-requests.contract';
import { notWhileImpersonatingMessage } from '../../../src/modules/auth/auth.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import {
  addCompanyWithRoles,
  addRole,
  addUser,
  bearer,
  claimsOf,
  inCompany,
  ownerSql,
  signIn,
  type CompanyFixture,
  type UserFixture,
} from '../../support/identity-fixtures';
import { deliveredMail, startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
let admin: UserFixture;
let otherAdmin: UserFixture;
let company: CompanyFixture;
let owner: UserFixture;
let employee: UserFixture;
let otherOwner: UserFixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ realAuth: true, env: { SMTP_URL: sink.url } });
  const adminRole = await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator });
  admin = await addUser(t, { company: null, roleId: adminRole });
  otherAdmin = await addUser(t, { company: null, roleId: adminRole });
  company = await addCompanyWithRoles(t);
  owner = await addUser(t, { company: inCompany(company, 'Owner') });
  employee = await addUser(t, { company: inCompany(company, 'Employee') });
  const other = await addCompanyWithRoles(t);
  otherOwner = await addUser(t, { company: inCompany(other, 'Owner') });
  for (const [name, user] of Object.entries({ admin, otherAdmin, owner, employee, otherOwner })) tokens[name] = await signIn(t, user);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; as?: string; token?: string; payload?: Record<string, unknown> };
const call = ({ method, url, as, token, payload }: Call) =>
  t.app.inject({ method, url, headers: bearer(token ?? tokens[as ?? ''] ?? ''), ...(payload === undefined ? {} : { payload }) });

async function requestAccess(hours = 4): Promise<AccessRequest> {
  const res = await call({
    method: 'POST',
    url: '/api/access-requests',
    as: 'admin',
    payload: { company_id: company.companyId, reason: 'Ticket 123: leave balance looks wrong', duration_hours: hours },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function approve(id: string): Promise<AccessRequest> {
  const res = await call({ method: 'PUT', url: `/api/access-requests/${id}`, as: 'owner', payload: { decision: 'approve' } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** An impersonated sign-in as `user` under the grant: the /api/token answer. */
async function impersonate(requestId: string, user: UserFixture) {
  const issued = await call({
    method: 'POST',
    url: '/api/impersonation-token',
    as: 'admin',
    payload: { access_request_id: requestId, user_id: user.id },
  });
  expect(issued.statusCode).toBe(200);
  const { token } = issued.json<{ token: string }>();
  const exchanged = await t.app.inject({ method: 'POST', url: '/api/token', payload: { token } });
  expect(exchanged.statusCode).toBe(200);
  return { token, session: exchanged.json<{ auth_token: string; permissions: unknown[] }>() };
}

describe('asking for access', () => {
  it('creates a pending request and notifies the owner (bell and e-mail), not the employee', async () => {
    const request = await requestAccess();
    expect(request).toMatchObject({
      status: 'pending',
      open: false,
      company_id: company.companyId,
      administrator_id: admin.id,
      duration_hours: 4,
    });
    const notified = await ownerSql<{ user_id: string; todo: boolean; relates_to: string; relates_to_id: string }>(
      t,
      sql`select user_id, todo, relates_to, relates_to_id from notifications where relates_to_id = ${request.id}`,
    );
    expect(notified).toEqual([{ user_id: owner.id, todo: true, relates_to: 'impersonation', relates_to_id: request.id }]);
    const mails = (await deliveredMail(t.deps.mail, sink)).filter((mail) => mail.text.includes(`request_id=${request.id}`));
    expect(mails.flatMap((m) => m.to)).toEqual([owner.email]);
  });

  it('refuses bad input with field errors and an unknown company', async () => {
    const bad = await call({
      method: 'POST',
      url: '/api/access-requests',
      as: 'admin',
      payload: { company_id: company.companyId, reason: ' ', duration_hours: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['duration_hours', 'reason']);
    const unknown = await call({
      method: 'POST',
      url: '/api/access-requests',
      as: 'admin',
      payload: { company_id: crypto.randomUUID(), reason: 'x', duration_hours: 1 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.company_id).toEqual(['This company does not exist.']);
  });

  it('is for administrators only', async () => {
    const payload = { company_id: company.companyId, reason: 'Let me in', duration_hours: 1 };
    for (const as of ['owner', 'employee'])
      expect((await call({ method: 'POST', url: '/api/access-requests', as, payload })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/access-requests', payload })).statusCode).toBe(401);
  });
});

describe('companies to choose from', () => {
  it('are found by name or number for administrators only, with wildcards taken literally', async () => {
    await ownerSql(t, sql`update companies set number = 'SC123456' where id = ${company.companyId}`);
    const byNumber = await call({ method: 'GET', url: '/api/companies?search=sc1234', as: 'admin' });
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().results).toEqual([expect.objectContaining({ id: company.companyId, number: 'SC123456', status: 'active' })]);
    const all = await call({ method: 'GET', url: '/api/companies?limit=500', as: 'admin' });
    expect(all.json().results.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([company.companyId]));
    expect((await call({ method: 'GET', url: '/api/companies?search=%25_nothing', as: 'admin' })).json().results).toEqual([]);
    for (const as of ['owner', 'employee']) expect((await call({ method: 'GET', url: '/api/companies', as })).statusCode).toBe(403);
  });
});

describe('deciding', () => {
  it('lets the owner see and approve; the grant ends after its duration and the administrator is told', async () => {
    const request = await requestAccess(2);
    const listed = await call({ method: 'GET', url: '/api/access-requests', as: 'owner' });
    expect(listed.json().results.map((r: AccessRequest) => r.id)).toContain(request.id);
    const approved = await approve(request.id);
    expect(approved).toMatchObject({ status: 'approved', open: true });
    const hours = (Date.parse(approved.ends_at ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    const told = await ownerSql<{ user_id: string }>(
      t,
      sql`select user_id from notifications where relates_to_id = ${request.id} and user_id = ${admin.id}`,
    );
    expect(told).toHaveLength(1);
    const again = await call({ method: 'PUT', url: `/api/access-requests/${request.id}`, as: 'owner', payload: { decision: 'decline' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(accessRequestMessages.alreadyDecided);
  });

  it('hides the request from another company, employees and other administrators', async () => {
    const request = await requestAccess();
    expect((await call({ method: 'GET', url: `/api/access-requests/${request.id}`, as: 'otherOwner' })).statusCode).toBe(404);
    const otherList = await call({ method: 'GET', url: '/api/access-requests', as: 'otherOwner' });
    expect(otherList.json().results).toEqual([]);
    expect(
      (await call({ method: 'PUT', url: `/api/access-requests/${request.id}`, as: 'otherOwner', payload: { decision: 'approve' } }))
        .statusCode,
    ).toBe(404);
    expect((await call({ method: 'GET', url: '/api/access-requests', as: 'employee' })).statusCode).toBe(403);
    expect(
      (await call({ method: 'PUT', url: `/api/access-requests/${request.id}`, as: 'employee', payload: { decision: 'approve' } }))
        .statusCode,
    ).toBe(403);
    expect((await call({ method: 'GET', url: `/api/access-requests/${request.id}`, as: 'otherAdmin' })).statusCode).toBe(404);
    // An administrator never decides, not even their own request.
    expect(
      (await call({ method: 'PUT', url: `/api/access-requests/${request.id}`, as: 'admin', payload: { decision: 'approve' } })).statusCode,
    ).toBe(403);
    expect((await call({ method: 'GET', url: `/api/access-requests/${request.id}`, as: 'owner' })).json().status).toBe('pending');
  });

  it('answers garbage with 404 or 422, never 5xx', async () => {
    const answers = await Promise.all([
      call({ method: 'GET', url: '/api/access-requests/not-a-uuid', as: 'owner' }),
      call({ method: 'PUT', url: '/api/access-requests/not-a-uuid', as: 'owner', payload: { decision: 'approve' } }),
      call({ method: 'PUT', url: `/api/access-requests/${crypto.randomUUID()}`, as: 'owner', payload: { decision: 'maybe' } }),
      call({ method: 'GET', url: '/api/access-requests?status=whatever', as: 'owner' }),
      call({ method: 'POST', url: '/api/impersonation-token', as: 'admin', payload: { access_request_id: 'x', user_id: 5 } }),
      t.app.inject({ method: 'POST', url: '/api/token', payload: { token: 'x'.repeat(500) } }),
      t.app.inject({ method: 'POST', url: '/api/token', payload: 'not json', headers: { 'content-type': 'application/json' } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 422, 422, 422, 422, 400]);
  });
});

describe('signing in as a company user', () => {
  it('works once per token, flags the session imp, refuses password changes and records everything with the impersonator', async () => {
    const request = await requestAccess();
    const before = await call({
      method: 'POST',
      url: '/api/impersonation-token',
      as: 'admin',
      payload: { access_request_id: request.id, user_id: employee.id },
    });
    expect(before.statusCode).toBe(409);
    await approve(request.id);
    const users = await call({ method: 'GET', url: `/api/access-requests/${request.id}/users`, as: 'admin' });
    expect(
      users
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([owner.id, employee.id].sort());
    const notMine = await call({
      method: 'POST',
      url: '/api/impersonation-token',
      as: 'admin',
      payload: { access_request_id: request.id, user_id: otherOwner.id },
    });
    expect(notMine.statusCode).toBe(422);

    const { token, session } = await impersonate(request.id, employee);
    expect(claimsOf(session.auth_token)).toMatchObject({ user_id: employee.id, company_id: company.companyId, imp: true });
    const reuse = await t.app.inject({ method: 'POST', url: '/api/token', payload: { token } });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().message).toBe(accessRequestMessages.tokenInvalid);

    expect((await call({ method: 'GET', url: '/api/user-2fa', token: session.auth_token })).statusCode).toBe(200);
    const change = await call({
      method: 'PUT',
      url: '/api/password',
      token: session.auth_token,
      payload: { current_password: 'x', password: 'new-password' },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(notWhileImpersonatingMessage);

    const audited = await ownerSql<{ action: string; actor_id: string; impersonator_id: string }>(
      t,
      sql`select action, actor_id, impersonator_id from audit_log where impersonator_id = ${admin.id} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['impersonation.started', 'impersonation.request', 'impersonation.request']);
    expect(new Set(audited.map((a) => a.actor_id))).toEqual(new Set([employee.id]));
  });

  it('tells an impersonated session whose account it is and who is acting, for its banner; any other session gets 404', async () => {
    await ownerSql(t, sql`update users set first_name = 'Ella', surname = 'Evans' where id = ${employee.id}`);
    await ownerSql(t, sql`update users set first_name = 'Sam', surname = 'Support' where id = ${admin.id}`);
    const request = await requestAccess();
    await approve(request.id);
    const { session } = await impersonate(request.id, employee);
    const res = await call({ method: 'GET', url: '/api/impersonation', token: session.auth_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_name: 'Ella Evans', administrator_name: 'Sam Support' });
    expect(Date.parse(res.json<{ ends_at: string }>().ends_at)).toBeGreaterThan(Date.now());
    expect((await call({ method: 'GET', url: '/api/impersonation', as: 'employee' })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/impersonation' })).statusCode).toBe(401);
  });

  it('an owner signed in by support cannot approve support’s requests', async () => {
    const first = await requestAccess();
    await approve(first.id);
    const pending = await requestAccess();
    const { session } = await impersonate(first.id, owner);
    const res = await call({
      method: 'PUT',
      url: `/api/access-requests/${pending.id}`,
      token: session.auth_token,
      payload: { decision: 'approve' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(accessRequestMessages.decidedByCompany);
  });

  it('ends every impersonated session at once when the owner ends the grant', async () => {
    const request = await requestAccess();
    await approve(request.id);
    const { session } = await impersonate(request.id, employee);
    expect((await call({ method: 'GET', url: '/api/user-2fa', token: session.auth_token })).statusCode).toBe(200);
    const ended = await call({ method: 'POST', url: `/api/access-requests/${request.id}/end`, as: 'owner' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', open: false });
    expect((await call({ method: 'GET', url: '/api/user-2fa', token: session.auth_token })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(session.auth_token) })).statusCode).toBe(401);
    const issue = await call({
      method: 'POST',
      url: '/api/impersonation-token',
      as: 'admin',
      payload: { access_request_id: request.id, user_id: employee.id },
    });
    expect(issue.statusCode).toBe(409);
  });

  it('ends the sessions when the grant runs out, without anyone acting', async () => {
    const request = await requestAccess();
    await approve(request.id);
    const { session } = await impersonate(request.id, employee);
    await ownerSql(t, sql`update access_requests set ends_at = now() - interval '1 second' where id = ${request.id}`);
    expect((await call({ method: 'GET', url: '/api/user-2fa', token: session.auth_token })).statusCode).toBe(401);
    const shown = await call({ method: 'GET', url: `/api/access-requests/${request.id}`, as: 'admin' });
    expect(shown.json()).toMatchObject({ status: 'approved', open: false });
  });

  it('a session opened under a grant never outlives it', async () => {
    const request = await requestAccess(1);
    await approve(request.id);
    await impersonate(request.id, employee);
    const [row] = await ownerSql<{ same: boolean }>(
      t,
      sql`select s.expires_at = r.ends_at as same from sessions s join access_requests r on r.id = s.access_request_id where r.id = ${request.id}`,
    );
    expect(row?.same).toBe(true);
  });
});
