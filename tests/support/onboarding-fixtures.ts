// Onboarding tests' shared set-up (tests/server/onboarding*.test.ts): an app with real tokens
// and a real SMTP sink, companies with two departments and the default roles, and the calls.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TokenClaims } from '../../src/modules/auth/auth.contract';
import { createCompany, createDepartment, createRole, createUser } from '../../src/modules/auth/server/accounts.queries';
import type { UserStatus } from '../../src/modules/auth/server/auth.queries';
import { DEFAULT_COMPANY_ROLES } from '../../src/modules/auth/server/default-roles';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { withSystem } from '../../src/server/db/database';
import { bearer, FIXTURE_PASSWORD, mailText, ownerSql, postLogin } from './identity-fixtures';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestApp, type TestApp } from './test-app';

/** The test file's app, sink and fixture password hash, set before its tests run (vitest isolates each file's modules). */
export const ctx = {} as { t: TestApp; sink: SmtpSink; passwordHash: string };

export function setUpOnboardingApp(): void {
  beforeAll(async () => {
    ctx.sink = await startSmtpSink();
    ctx.t = await createTestApp({ realAuth: true, env: { SMTP_URL: ctx.sink.url, PUBLIC_ORIGIN: 'https://app.example.test' } });
    ctx.passwordHash = await hashPassword(FIXTURE_PASSWORD);
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.sink.close();
  });
}

export type Person = { id: string; email: string };
export type Team = {
  companyId: string;
  owner: Person;
  managerA: Person;
  managerB: Person;
  employee: Person;
  add: (status: UserStatus) => Promise<Person>;
};

let counter = 0;
export const companyCount = () => counter;
/** A company with departments A and B, its default roles, an owner, a manager of each department and an employee of A. */
export async function addTeam(): Promise<Team> {
  const { companyId, a, b, roles } = await withSystem(ctx.t.database.ownerDb, async (trx) => {
    const companyId = await createCompany(trx, { name: `Onboarding ${++counter} Ltd` });
    const [a, b] = [await createDepartment(trx, { companyId, name: 'A' }), await createDepartment(trx, { companyId, name: 'B' })];
    const roles = new Map<string, string>();
    for (const template of DEFAULT_COMPANY_ROLES) roles.set(template.name, await createRole(trx, { companyId, template }));
    return { companyId, a, b, roles };
  });
  const person = (role: string, departmentId: string, status: UserStatus = 'active'): Promise<Person> =>
    withSystem(ctx.t.database.ownerDb, async (trx) => {
      const email = `${role.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const roleId = roles.get(role) ?? null;
      const id = await createUser(trx, {
        companyId,
        email,
        firstName: role,
        surname: 'Person',
        passwordHash: ctx.passwordHash,
        status,
        roleId,
        departmentId,
      });
      return { id, email };
    });
  return {
    companyId,
    owner: await person('Owner', a),
    managerA: await person('Manager', a),
    managerB: await person('Manager', b),
    employee: await person('Employee', a),
    add: (status) => person('Employee', a, status),
  };
}

export async function tokenOf(person: Person): Promise<string> {
  const res = await postLogin(ctx.t, { email: person.email });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().auth_token;
}

export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
export const invite = (token: string, userId: string) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/user-invitation', headers: bearer(token), payload: { user_id: userId } });
export const confirm = (token: string) => ctx.t.app.inject({ method: 'POST', url: '/api/confirm-email', payload: { token } });
export const welcome = (token: string, payload: object) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/welcome', headers: bearer(token), payload });
export const statusOf = async (id: string) =>
  (await ownerSql<{ status: string }>(ctx.t, sql`select status from users where id = ${id}`))[0]?.status;

/** Invites `person` as `inviter` and answers the link's token from the mail that arrives. */
export async function invitedToken(inviterToken: string, person: Person): Promise<{ token: string; link: string; raw: string }> {
  const before = ctx.sink.messages.filter((m) => m.to.includes(person.email)).length;
  const res = await invite(inviterToken, person.id);
  expect(res.statusCode, res.body).toBe(200);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = ctx.sink.messages.filter((m) => m.to.includes(person.email));
    const latest = mails[mails.length - 1];
    if (mails.length > before && latest) {
      const link = /(\S+\/confirm-email\?token=[\w-]+)/.exec(mailText(latest.raw))?.[1] ?? '';
      return { token: new URL(link).searchParams.get('token') ?? '', link, raw: latest.raw };
    }
    if (Date.now() > deadline) throw new Error(`no invitation to ${person.email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
