// Company sign-up (SIGN_UP=open): a request e-mails a single-use link and makes nothing; opening
// the link makes exactly one company and its owner through the one company-making path (the
// administrators' list shows it as signed up) and answers an onboarding session that /welcome
// finishes. The link works once and expires; the address and the network are limited; a
// honeypot or a form sent too fast is accepted in words and dropped; an address with an
// account gets the same answer and a "you already have an account" e-mail. Closed (the
// default), the page's status says so and the writes are 404s.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyList } from '../../../src/modules/companies/companies.contract';
import type { SetupChecklist } from '../../../src/modules/companies/setup.contract';
import { signUpMessages, type SignUpInput, type SignUpStatus } from '../../../src/modules/companies/sign-up.contract';
import { networkOf, SIGN_UP_LIMITS } from '../../../src/modules/companies/sign-up.policy';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { addCompany, addRole, addUser, bearer, ownerSql, signIn, type UserFixture } from '../../support/identity-fixtures';
import { deliveredMail, startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, testConfig, type TestApp } from '../../support/test-app';

let t: TestApp;
let sink: SmtpSink;
let admin: UserFixture;
let adminToken: string;
let network = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    realAuth: true,
    env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://app.example.test', RATE_LIMIT_MAX: '1000000', SIGN_UP: 'open' },
  });
  admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  adminToken = await signIn(t, admin);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** Each test from its own network unless it says otherwise, so the per-network limit is its own. */
const freshAddress = () => `10.${Math.floor(++network / 250)}.${network % 250}.7`;

const form = (suffix: string, overrides: Partial<SignUpInput> = {}): SignUpInput => ({
  company_name: `Kestrel ${suffix} Ltd`,
  first_name: 'Maya',
  surname: 'Okafor',
  email: `maya-${suffix.toLowerCase()}@kestrel.test`,
  employees: 12,
  bank_holiday_region: 'scotland',
  company_reference: '',
  form_ms: 9_000,
  ...overrides,
});

const signUp = (payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/sign-up', remoteAddress, payload: payload as object });
const confirm = (token: string | null) => t.app.inject({ method: 'POST', url: '/api/sign-up/confirm', payload: { token } });

const LINK = /(https:\/\/app\.example\.test\/confirm-email\?type=sign-up&token=[\w-]+)/;
async function linkFor(email: string): Promise<string | null> {
  const mail = (await deliveredMail(t.deps.mail, sink, email)).at(-1);
  const link = LINK.exec(mail?.text ?? '')?.[1];
  return link ? new URL(link).searchParams.get('token') : null;
}
const countRows = async (query: ReturnType<typeof sql<{ n: number }>>) => (await ownerSql<{ n: number }>(t, query))[0]?.n ?? 0;
const companiesNamed = (name: string) => countRows(sql<{ n: number }>`select count(*)::int as n from companies where name = ${name}`);

describe('open or closed', () => {
  it('is closed when SIGN_UP is unset, open when it says so', () => {
    expect(testConfig().signUp.open).toBe(false);
    expect(testConfig({ SIGN_UP: 'open' }).signUp.open).toBe(true);
    expect(() => testConfig({ SIGN_UP: 'maybe' })).toThrow(/SIGN_UP must be open or closed/);
  });

  it('says whether it is open and whom to write to; closed, the writes are 404s and nothing is stored', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/sign-up' });
    expect(status.statusCode).toBe(200);
    expect(status.json<SignUpStatus>()).toEqual({ open: true, contact_email: 'support@stafflane.test' });
    t.deps.config.signUp.open = false;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/sign-up' })).json<SignUpStatus>().open).toBe(false);
      const refused = await signUp(form('Closed'));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'Sign-up is closed.' });
      expect((await confirm('x'.repeat(43))).statusCode).toBe(404);
      expect(await countRows(sql<{ n: number }>`select count(*)::int as n from sign_ups where email = 'maya-closed@kestrel.test'`)).toBe(0);
    } finally {
      t.deps.config.signUp.open = true;
    }
  });
});

describe('a sign-up', () => {
  it('e-mails a link and makes nothing; the link makes exactly one company and its owner, who finishes at /welcome', async () => {
    const input = form('A1');
    const asked = await signUp(input);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ email: input.email });
    expect(await companiesNamed(input.company_name)).toBe(0);
    const mail = (await deliveredMail(t.deps.mail, sink, input.email)).at(-1);
    expect(mail?.subject).toBe('Confirm your e-mail to set up your company on Stafflane');
    expect(mail?.text).toContain(`Thank you for signing ${input.company_name} up to Stafflane.`);
    const token = await linkFor(input.email);
    expect(token).toBeTruthy();

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const session = confirmed.json<{ auth_token: string; email: string; permissions: unknown[] }>();
    expect(session.email).toBe(input.email);
    expect(await companiesNamed(input.company_name)).toBe(1);
    const [company] = await ownerSql<{ id: string; source: string; seats: number; hr_client: boolean; hs_client: boolean }>(
      t,
      sql`select id, source, seats, hr_client, hs_client from companies where name = ${input.company_name}`,
    );
    expect(company).toMatchObject({ source: 'sign_up', seats: 12, hr_client: true, hs_client: true });
    const people = await ownerSql<{ email: string; status: string; role: string; confirmed: boolean; region: string }>(
      t,
      sql`select u.email, u.status, r.name as role, u.email_confirmed_at is not null as confirmed, l.bank_holiday_region as region
            from users u join roles r on r.id = u.role_id left join company_locations l on l.id = u.location_id
           where u.company_id = ${company?.id}`,
    );
    expect(people).toEqual([{ email: input.email, status: 'invited', role: 'Owner', confirmed: true, region: 'scotland' }]);
    // Made by the one path: its default roles, and the audit entry every new company gets.
    const roles = await countRows(sql<{ n: number }>`select count(*)::int as n from roles where company_id = ${company?.id}`);
    expect(roles).toBe(PRODUCT_ROLES.company.length);
    const audits = await ownerSql<{ details: { source: string } }>(
      t,
      sql`select details from audit_log where company_id = ${company?.id} and action = 'company.created'`,
    );
    expect(audits.map((row) => row.details.source)).toEqual(['sign_up']);

    // The onboarding session may only finish at /welcome.
    expect((await t.app.inject({ method: 'GET', url: '/api/company-setup', headers: bearer(session.auth_token) })).statusCode).toBe(403);
    const welcomed = await t.app.inject({
      method: 'POST',
      url: '/api/welcome',
      headers: bearer(session.auth_token),
      payload: { password: 'kestrel-password-1', accept_terms: true },
    });
    expect(welcomed.statusCode, welcomed.body).toBe(200);
    const ownerToken = welcomed.json<{ auth_token: string }>().auth_token;
    const setup = await t.app.inject({ method: 'GET', url: '/api/company-setup', headers: bearer(ownerToken) });
    expect(setup.json<SetupChecklist>().steps).toEqual([
      { key: 'locations', done: true },
      { key: 'departments', done: false },
      { key: 'leave_policy', done: false },
      { key: 'people', done: false },
    ]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: input.email, password: 'kestrel-password-1' },
    });
    expect(login.statusCode).toBe(200);

    // Administrators find it among the signed-up companies, with its date.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/companies?source=sign_up&search=Kestrel%20A1',
      headers: bearer(adminToken),
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<CompanyList>().results;
    expect(rows.map((row) => [row.name, row.source, row.seats_used])).toEqual([[input.company_name, 'sign_up', 1]]);
    expect(Date.now() - Date.parse(rows[0]?.created_at ?? '')).toBeLessThan(60_000);
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/companies?source=administrator&search=Kestrel%20A1',
      headers: bearer(adminToken),
    });
    expect(made.json<CompanyList>().count).toBe(0);
  });

  it('works once: a second use, an unknown link and an expired one are refused on the token and make nothing', async () => {
    const input = form('B1');
    await signUp(input);
    const token = await linkFor(input.email);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { token: [signUpMessages.linkInvalid] } });
    expect(await companiesNamed(input.company_name)).toBe(1);
    expect((await confirm('not-a-real-token')).json()).toMatchObject({ errors: { token: [signUpMessages.linkInvalid] } });

    const late = form('B2');
    await signUp(late);
    const lateToken = await linkFor(late.email);
    await ownerSql(t, sql`update sign_ups set expires_at = now() - interval '1 minute' where email = ${late.email}`);
    const expired = await confirm(lateToken);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ errors: { token: [signUpMessages.linkExpired] } });
    expect(await companiesNamed(late.company_name)).toBe(0);
  });

  it('keeps only the latest link of an address working', async () => {
    const input = form('C1');
    await signUp(input);
    const first = await linkFor(input.email);
    await signUp(input);
    const second = await linkFor(input.email);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(422);
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await companiesNamed(input.company_name)).toBe(1);
  });
});

describe('limits', () => {
  it(`allows ${SIGN_UP_LIMITS.perAddressPerDay} requests per address a day, from any network`, async () => {
    const input = form('D1');
    for (let i = 0; i < SIGN_UP_LIMITS.perAddressPerDay; i++) expect((await signUp(input)).statusCode).toBe(202);
    const refused = await signUp({ ...input, email: input.email.toUpperCase() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: signUpMessages.tooManyForAddress });
    // Another address is not held back.
    expect((await signUp(form('D2'))).statusCode).toBe(202);
  });

  it(`allows ${SIGN_UP_LIMITS.perNetworkPerHour} requests per network an hour, whatever the addresses`, async () => {
    const from = (host: number) => `192.0.2.${host}`;
    for (let i = 0; i < SIGN_UP_LIMITS.perNetworkPerHour; i++) expect((await signUp(form(`E${i}`), from(10 + i))).statusCode).toBe(202);
    const refused = await signUp(form('E-late'), from(200));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: signUpMessages.tooManyFromNetwork });
    // The next /24 is another network.
    expect((await signUp(form('E-next'), '192.0.3.10')).statusCode).toBe(202);
    // An hour later the network may ask again.
    await ownerSql(t, sql`update sign_up_attempts set created_at = created_at - interval '61 minutes' where network = '192.0.2.0/24'`);
    expect((await signUp(form('E-later'), from(201))).statusCode).toBe(202);
  });

  it('groups addresses by network: an IPv4 /24, an IPv6 /64', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(networkOf('2001:0db8:0000:0012:ab:cd:ef:1')).toBe('2001:db8:0:12::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe('robots and known addresses', () => {
  it('accepts a filled honeypot and a form sent too fast in words, and sends and makes nothing', async () => {
    const trap = form('F1', { company_reference: 'https://spam.example' });
    const trapped = await signUp(trap);
    expect(trapped.statusCode).toBe(202);
    expect(trapped.json()).toEqual({ email: trap.email });
    const quick = form('F2', { form_ms: 400 });
    expect((await signUp(quick)).statusCode).toBe(202);
    const noClock = form('F3');
    delete noClock.form_ms;
    expect((await signUp(noClock)).statusCode).toBe(202);
    for (const input of [trap, quick, noClock]) {
      expect(await deliveredMail(t.deps.mail, sink, input.email)).toEqual([]);
      expect(await countRows(sql<{ n: number }>`select count(*)::int as n from sign_ups where email = ${input.email}`)).toBe(0);
    }
  });

  it('answers an address that has an account as any other, and e-mails it that it already has one', async () => {
    const taken = form('G1', { email: admin.email.toUpperCase() });
    const asked = await signUp(taken);
    const fresh = await signUp(form('G2'));
    expect(asked.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(asked.json<object>())).toEqual(Object.keys(fresh.json<object>()));
    const mail = await deliveredMail(t.deps.mail, sink, admin.email);
    expect(mail.map((message) => message.subject)).toContain('You already have a Stafflane account');
    expect(mail.at(-1)?.text).toContain('you already have an account');
    expect(mail.at(-1)?.text).toContain('https://app.example.test/reset-password');
    expect(await companiesNamed(taken.company_name)).toBe(0);
  });

  it('refuses a link whose address found an account meanwhile, and makes nothing', async () => {
    const input = form('H1');
    await signUp(input);
    const token = await linkFor(input.email);
    await addUser(t, { company: await addCompany(t), email: input.email });
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { token: [signUpMessages.alreadyAnAccount] } });
    expect(await companiesNamed(input.company_name)).toBe(0);
  });

  it('says what is wrong with a form in the field messages', async () => {
    const wrong = await signUp({ ...form('I1'), email: 'not-an-address', employees: 0, bank_holiday_region: 'wales', company_name: ' ' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      company_name: ['Field is required.'],
      email: ['Invalid email format'],
      employees: ['Value must be greater than or equal 1'],
      bank_holiday_region: ['Please select a region.'],
    });
  });
});
