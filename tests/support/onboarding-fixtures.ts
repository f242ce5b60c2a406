// Onboarding tests' shared set-up (tests/server/onboarding*.test.ts): an app with real tokens
// and a real SMTP sink, companies with two departments and the default roles, and the calls.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { UserStatus } from '../../src/modules/auth/server/auth.queries';
import { addCompanyWithRoles, addUser, bearer, claimsOf, inCompany, mailText, ownerSql, signIn } from './identity-fixtures';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestApp, type TestApp } from './test-app';

/** The test file's app and sink, set before its tests run (vitest isolates each file's modules). */
export const ctx = {} as { t: TestApp; sink: SmtpSink };

export function setUpOnboardingApp(): void {
  beforeAll(async () => {
    ctx.sink = await startSmtpSink();
    ctx.t = await createTestApp({ realAuth: true, env: { SMTP_URL: ctx.sink.url, PUBLIC_ORIGIN: 'https://app.example.test' } });
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
  const company = await addCompanyWithRoles(ctx.t, { name: `Onboarding ${++counter} Ltd`, departments: ['A', 'B'] });
  const person = async (role: string, department: 'A' | 'B', status: UserStatus = 'active'): Promise<Person> => {
    const user = await addUser(ctx.t, {
      company: inCompany(company, role),
      departmentId: company.departments[department] ?? null,
      status,
      firstName: role,
    });
    return { id: user.id, email: user.email };
  };
  return {
    companyId: company.companyId,
    owner: await person('Owner', 'A'),
    managerA: await person('Manager', 'A'),
    managerB: await person('Manager', 'B'),
    employee: await person('Employee', 'A'),
    add: (status) => person('Employee', 'A', status),
  };
}

export const tokenOf = (person: Person): Promise<string> => signIn(ctx.t, person);

export { claimsOf };
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
