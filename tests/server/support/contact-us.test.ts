// POST /api/contact-us: message rules, the team choice only for authorised contacts, the
// caller's own company only, and the e-mail to the team's address over real SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRequest, ContactRequestListItem } from '../../../src/modules/support/support.contract';
import type { ListResponse } from '../../../src/shared/list';
import { mailText } from '../../support/identity-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
let companyId: string;
let otherCompanyId: string;
let employee: Person;
let authorised: Person;
let docsOnly: Person;
let admin: Person;

const TEAMS = { support: 'support-team@stafflane.test', hr: 'hr-team@stafflane.test', hs: 'hs-team@stafflane.test' };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    realAuth: true,
    env: {
      SMTP_URL: sink.url,
      RATE_LIMIT_MAX: '100000',
      SUPPORT_TEAM_EMAIL: TEAMS.support,
      HR_TEAM_EMAIL: TEAMS.hr,
      HS_TEAM_EMAIL: TEAMS.hs,
    },
  });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  companyId = company.companyId!;
  otherCompanyId = other.companyId!;
  employee = await addPerson(t, company, { role: 'Employee', department: 'Office', firstName: 'Ella' });
  authorised = await addPerson(t, company, { role: 'Owner', department: 'Office', authorisedContact: true, firstName: 'Olivia' });
  docsOnly = await addPerson(t, company, { role: 'Docs only', department: 'Office' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (who: Person | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact-us',
    headers: { ...(who ? who.headers : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
/** The text of the first mail to `to` that contains `text` (bodies are encoded, so raw may wrap it). */
async function mailTo(to: string, text: string): Promise<string> {
  t.deps.mail.wake();
  for (let waited = 0; waited < 10_000; waited += 25) {
    const found = sink.messages
      .filter((m) => m.to.includes(to))
      .map((m) => mailText(m.raw))
      .find((body) => body.includes(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No mail to ${to} containing ${text}`);
}
type Refusal = { message: string; errors?: Record<string, string[]> };

describe('the message', () => {
  it('accepts 500 characters and refuses 501 with a field message', async () => {
    const ok = await post(employee, { contact_type: 'support', message: 'a'.repeat(500), company_id: companyId });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<ContactRequest>()).toMatchObject({ contact_type: 'support', company_id: companyId });
    const long = await post(employee, { contact_type: 'support', message: 'a'.repeat(501), company_id: companyId });
    expect(long.statusCode).toBe(422);
    expect(long.json<Refusal>().errors).toEqual({ message: ['Max length exceeded.'] });
  });

  it('is required: empty, blank or missing is a 422', async () => {
    for (const message of ['', '   ', undefined]) {
      const res = await post(employee, { contact_type: 'support', message, company_id: companyId });
      expect(res.statusCode).toBe(422);
      expect(res.json<Refusal>().errors?.message).toEqual(['Field is required.']);
    }
  });

  it('goes to the support team when no team is named', async () => {
    const res = await post(employee, { message: 'Where is my payslip?', company_id: companyId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ContactRequest>().contact_type).toBe('support');
  });
});

describe('the team', () => {
  it('refuses HR and H&S for a user who is not an authorised contact', async () => {
    for (const contact_type of ['hr', 'hs']) {
      const res = await post(employee, { contact_type, message: 'Help with a dismissal', company_id: companyId });
      expect(res.statusCode).toBe(422);
      expect(res.json<Refusal>().errors).toEqual({
        contact_type: ['Only authorised contacts can send a message to the HR or H&S advice team.'],
      });
    }
  });

  it('e-mails each team at its configured address, naming the sender and company', async () => {
    for (const contact_type of ['support', 'hr', 'hs'] as const) {
      const text = `Question for ${contact_type} ${crypto.randomUUID()}`;
      const res = await post(authorised, { contact_type, message: text, company_id: companyId });
      expect(res.statusCode, res.body).toBe(201);
      const body = await mailTo(TEAMS[contact_type], text);
      expect(body).toContain(text);
      expect(body).toContain('Olivia Tester');
      expect(body).toContain(authorised.email);
    }
  });
});

describe('the company', () => {
  it('must be the caller’s own: another company is refused and nothing is stored', async () => {
    const res = await post(employee, { contact_type: 'support', message: 'Sneaky', company_id: otherCompanyId });
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/contact-us?limit=100', headers: admin.headers });
    expect(list.json<ListResponse<ContactRequestListItem>>().results.some((r) => r.message === 'Sneaky')).toBe(false);
  });

  it('refuses an administrator, who has no company, and a role without the permission', async () => {
    expect((await post(admin, { message: 'Hi', company_id: companyId })).statusCode).toBe(403);
    expect((await post(docsOnly, { message: 'Hi', company_id: companyId })).statusCode).toBe(403);
  });
});

describe('the administrators’ list', () => {
  it('shows every request newest first with the sender’s name and company, paged', async () => {
    const marker = `Newest ${crypto.randomUUID()}`;
    expect((await post(employee, { message: marker, company_id: companyId })).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/contact-us?limit=2', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const page = res.json<ListResponse<ContactRequestListItem>>();
    expect(page.results).toHaveLength(2);
    expect(page.count).toBeGreaterThan(2);
    expect(page.next_offset).toBe(2);
    expect(page.results[0]).toMatchObject({
      message: marker,
      sender_name: 'Ella Tester',
      sender_email: employee.email,
      company_name: expect.stringMatching(/^Company /),
      user_id: employee.id,
      handled_at: null,
    });
  });

  it('is for administrators only', async () => {
    for (const who of [employee, authorised]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/contact-us', headers: who.headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/contact-us' })).statusCode).toBe(401);
  });
});

describe('refusals', () => {
  it('answers 401 without a session and never 5xx for garbage', async () => {
    expect((await post(null, { message: 'Hi', company_id: companyId })).statusCode).toBe(401);
    const garbage: unknown[] = [
      null,
      'text',
      [],
      { message: 42, company_id: companyId },
      { message: 'x', company_id: 'nope' },
      { message: 'x\u0000', company_id: companyId },
      { message: 'x', company_id: companyId, contact_type: 'legal' },
      { message: { nested: true }, company_id: [companyId] },
    ];
    for (const payload of garbage) {
      const res = await post(employee, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
  });
});
