// Changing someone's sign-in e-mail (PUT /api/user-basic/{id}): only company scope over a role
// no higher than the caller's, and only once the new address confirms it through a single-use
// link; the old address is told, and confirming ends every session of the person.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeLinkInvalidMessage } from '../../../src/modules/auth/auth.contract';
import { EMAIL_CHANGE_REFUSED, type UserBasic } from '../../../src/modules/employees/directory.contract';
import { bearer, mailText, ownerSql, postLogin } from '../../support/identity-fixtures';
import { addEmployee, auditActions, userRow } from '../../support/people-fixtures';
import { addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
let company: ShellCompany;
let owner: Person;
let hrAdmin: Person;
let manager: Person;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    realAuth: true,
    env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://app.example.test', RATE_LIMIT_MAX: '100000' },
  });
  company = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hrAdmin = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  // The manager also manages the owner's department: the chain of the finding.
  await ownerSql(
    t,
    sql`insert into user_departments (user_id, department_id, company_id) values (${manager.id}, ${company.departments.Office}, ${company.companyId})`,
  );
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const fresh = () => `moved-${crypto.randomUUID().slice(0, 8)}@example.test`;
const put = (who: Person, userId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/user-basic/${userId}`, headers: who.headers, payload });
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/confirm-email-change', payload: { token } });
const linkIn = (raw: string) => {
  const link = /(\S+\/confirm-email\?type=email-change&token=[\w-]+)/.exec(mailText(raw))?.[1];
  if (!link) throw new Error(`no confirmation link in mail:\n${raw}`);
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
};
const pendingRows = (userId: string) =>
  ownerSql<{ new_email: string; token_hash: string }>(
    t,
    sql`select new_email, token_hash from email_change_tokens where user_id = ${userId} and used_at is null`,
  );

describe('who may change a sign-in e-mail', () => {
  it('refuses a manager for a report and for the owner of a department they manage (403), changing nothing', async () => {
    const report = await addEmployee(t, company, { firstName: 'Rita', surname: 'Report', department: 'Operations' });
    for (const target of [report, owner]) {
      const res = await put(manager, target.id, { email: fresh() });
      expect(res.statusCode, res.body).toBe(403);
      expect((await userRow(t, target.id)).email).toBe(target.email);
      expect(await pendingRows(target.id)).toEqual([]);
    }
    expect(await auditActions(t, report.id)).toEqual([]);
    // The rest of the takeover chain: a reset asked for the old address still goes there only.
    await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: report.email } });
    await t.deps.mail.drain();
    expect(sink.messages.filter((m) => m.to.some((to) => to.startsWith('moved-')))).toEqual([]);
  });

  it('still lets a manager change other details of a report', async () => {
    const report = await addEmployee(t, company, { firstName: 'Ravi', surname: 'Report', department: 'Operations' });
    const res = await put(manager, report.id, { first_name: 'Ravinder', email: report.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserBasic>().first_name).toBe('Ravinder');
  });

  it('refuses an HR admin the owner’s address (403)', async () => {
    const res = await put(hrAdmin, owner.id, { email: fresh() });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(EMAIL_CHANGE_REFUSED);
    expect((await userRow(t, owner.id)).email).toBe(owner.email);
    expect(await pendingRows(owner.id)).toEqual([]);
  });

  it('refuses an HR admin making anyone an owner or changing the owner’s role', async () => {
    const person = await addEmployee(t, company, { firstName: 'Pat', surname: 'Promoted', department: 'Office' });
    expect((await put(hrAdmin, person.id, { role_id: company.roles.get('Owner') })).statusCode).toBe(403);
    expect((await put(hrAdmin, owner.id, { role_id: company.roles.get('Employee') })).statusCode).toBe(403);
    expect((await userRow(t, owner.id)).role_id).toBe(company.roles.get('Owner'));
    expect((await put(hrAdmin, person.id, { role_id: company.roles.get('Manager') })).statusCode).toBe(200);
  });
});

describe('an HR admin changing an employee’s address', () => {
  it('waits for the new address, tells the old one, and on confirmation moves sign-in and ends every session', async () => {
    const person = await addEmployee(t, company, { firstName: 'Eve', surname: 'Employee', department: 'Operations' });
    const signedIn = await postLogin(t, { email: person.email });
    expect(signedIn.statusCode).toBe(200);
    const oldToken = signedIn.json<{ auth_token: string }>().auth_token;
    const newEmail = fresh();

    const res = await put(hrAdmin, person.id, { email: newEmail });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserBasic>()).toMatchObject({ email: person.email, pending_email: newEmail });
    expect((await userRow(t, person.id)).email).toBe(person.email);
    expect((await postLogin(t, { email: person.email })).statusCode).toBe(200);
    expect((await postLogin(t, { email: newEmail })).statusCode).toBe(401);

    const notice = await sink.waitFor({ to: person.email, pattern: /change of your Stafflane e-mail/ });
    const noticeText = mailText(notice.raw);
    expect(noticeText).toContain('HR Tester');
    expect(noticeText).toContain('m***@example.test');
    expect(noticeText).not.toContain(newEmail);
    const first = linkIn((await sink.waitFor({ to: newEmail, pattern: /confirm-email/ })).raw);
    expect(first.link).toBe(`https://app.example.test/confirm-email?type=email-change&token=${first.token}`);
    const [stored] = await pendingRows(person.id);
    expect(stored?.token_hash).not.toContain(first.token);

    // A newer request replaces the older one.
    const newer = fresh();
    expect((await put(hrAdmin, person.id, { email: newer })).statusCode).toBe(200);
    const second = linkIn((await sink.waitFor({ to: newer, pattern: /confirm-email/ })).raw);
    expect((await confirm(first.token)).json()).toMatchObject({ errors: { token: [emailChangeLinkInvalidMessage] } });

    const confirmed = await confirm(second.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: newer });
    expect((await userRow(t, person.id)).email).toBe(newer);
    expect((await t.app.inject({ method: 'GET', url: `/api/user-basic/${person.id}`, headers: bearer(oldToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect((await postLogin(t, { email: person.email })).statusCode).toBe(401);
    expect((await postLogin(t, { email: newer })).statusCode).toBe(200);

    const again = await confirm(second.token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { token: [emailChangeLinkInvalidMessage] } });
    expect(await auditActions(t, person.id)).toEqual(
      expect.arrayContaining(['user.email_change_requested', 'user.email_change_requested', 'user.email_changed']),
    );
  });

  it('refuses an expired link', async () => {
    const person = await addEmployee(t, company, { firstName: 'Ed', surname: 'Expired' });
    const newEmail = fresh();
    expect((await put(hrAdmin, person.id, { email: newEmail })).statusCode).toBe(200);
    const { token } = linkIn((await sink.waitFor({ to: newEmail, pattern: /confirm-email/ })).raw);
    await ownerSql(t, sql`update email_change_tokens set expires_at = now() - interval '1 second' where user_id = ${person.id}`);
    expect((await confirm(token)).statusCode).toBe(422);
    expect((await userRow(t, person.id)).email).toBe(person.email);
  });

  it('changes the address of someone not yet set up at once, ending their invitation links', async () => {
    const person = await addEmployee(t, company, { firstName: 'Ivy', surname: 'Invited', status: 'invited' });
    await ownerSql(
      t,
      sql`insert into invitation_tokens (user_id, token_hash, expires_at) values (${person.id}, ${`h-${person.id}`}, now() + interval '1 day')`,
    );
    const newEmail = fresh();
    const res = await put(hrAdmin, person.id, { email: newEmail });
    expect(res.json<UserBasic>()).toMatchObject({ email: newEmail, pending_email: null });
    const open = await ownerSql(t, sql`select 1 from invitation_tokens where user_id = ${person.id} and used_at is null`);
    expect(open).toEqual([]);
  });
});
