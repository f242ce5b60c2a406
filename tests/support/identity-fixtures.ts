// Companies and people in the states sign-in has to tell apart, made through the owner
// connection in the system scope (so they work whether or not the owner bypasses RLS).
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { TokenClaims } from '../../src/modules/auth/auth.contract';
import { createCompany, createRole, createUser, setUpCompany } from '../../src/modules/auth/server/accounts.queries';
import type { CompanyStatus, UserStatus } from '../../src/modules/auth/server/auth.queries';
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import type { RoleTemplate } from '../../src/server/roles';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { withSystem } from '../../src/server/db/database';
import type { TestApp } from './test-app';

export const FIXTURE_PASSWORD = 'fixture-password';
let passwordHash: Promise<string> | undefined;

/** Runs raw SQL as the owner in the system scope; returns the rows. */
export async function ownerSql<T>(t: TestApp, query: RawBuilder<T>): Promise<T[]> {
  return withSystem(t.database.ownerDb, async (trx) => (await query.execute(trx)).rows);
}

export async function addCompany(
  t: TestApp,
  options: { status?: CompanyStatus; requireTwoFactor?: boolean } = {},
): Promise<{ companyId: string; roleId: string }> {
  return withSystem(t.database.ownerDb, async (trx) => {
    const companyId = await createCompany(trx, { name: `Company ${randomBytes(4).toString('hex')}` });
    await sql`update companies set status = ${options.status ?? 'active'}, require_two_factor = ${options.requireTwoFactor ?? false}
              where id = ${companyId}`.execute(trx);
    const employee = PRODUCT_ROLES.company.find((role) => role.name === 'Employee');
    if (!employee) throw new Error('no Employee role template');
    return { companyId, roleId: await createRole(trx, { companyId, template: employee }) };
  });
}

export type UserFixture = { id: string; email: string; companyId: string | null };

export async function addUser(
  t: TestApp,
  options: {
    company: { companyId: string; roleId: string | null } | null;
    status?: UserStatus;
    twoFactor?: 'mail' | 'mobile';
    mobile?: string;
    email?: string;
    /** A role of no company (the administrators' global role) for a user with `company: null`. */
    roleId?: string;
    departmentId?: string | null;
    authorisedContact?: boolean;
    firstName?: string;
    surname?: string;
  },
): Promise<UserFixture> {
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.test`;
  const hash = await passwordHash;
  const id = await withSystem(t.database.ownerDb, async (trx) => {
    const userId = await createUser(trx, {
      companyId: options.company?.companyId ?? null,
      email,
      firstName: options.firstName ?? 'Fixture',
      surname: options.surname ?? 'User',
      passwordHash: hash,
      status: options.status ?? 'active',
      roleId: options.company?.roleId ?? options.roleId ?? null,
      departmentId: options.departmentId ?? null,
      authorisedContact: options.authorisedContact ?? false,
    });
    await sql`update users set mobile = ${options.mobile ?? null}, two_factor_enabled = ${options.twoFactor !== undefined},
              two_factor_method = ${options.twoFactor ?? 'mail'} where id = ${userId}`.execute(trx);
    return userId;
  });
  return { id, email, companyId: options.company?.companyId ?? null };
}

export type LoginBody = { email: string; password?: string; two_factor_secret?: string | null };

export function postLogin(t: TestApp, body: LoginBody): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { password: FIXTURE_PASSWORD, ...body } });
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The six-digit code in a sign-in e-mail (quoted-printable never splits a short line). */
export function codeIn(raw: string): string {
  const match = /sign-in code is (\d{6})/.exec(raw);
  if (!match?.[1]) throw new Error(`no code in mail:\n${raw}`);
  return match[1];
}

/** The text of a single-part mail as sent, with its transfer encoding undone. */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The token of the reset link in a mail. */
export function resetTokenIn(raw: string): { link: string; token: string } {
  const link = /(\S+\/reset-password\?token=[\w-]+)/.exec(mailText(raw))?.[1];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!link || !token) throw new Error(`no reset link in mail:\n${raw}`);
  return { link, token };
}

/** A role made from one of the templates (company roles by name, or the administrators' global role). */
export async function addRole(t: TestApp, options: { companyId: string | null; template: RoleTemplate }): Promise<string> {
  return withSystem(t.database.ownerDb, (trx) => createRole(trx, options));
}

export type CompanyFixture = { companyId: string; roles: Map<string, string>; departments: Record<string, string> };

/** A company with every default role ("Owner", "Manager", "Employee", "Docs only") and the named departments. */
export async function addCompanyWithRoles(t: TestApp, options: { name?: string; departments?: string[] } = {}): Promise<CompanyFixture> {
  return withSystem(t.database.ownerDb, (trx) =>
    setUpCompany(trx, {
      name: options.name ?? `Company ${randomBytes(4).toString('hex')}`,
      roles: PRODUCT_ROLES.company,
      departments: options.departments ?? [],
    }),
  );
}

/** Where a user of `company` with `role` belongs, for addUser. */
export function inCompany(company: CompanyFixture, role: string): { companyId: string; roleId: string | null } {
  return { companyId: company.companyId, roleId: company.roles.get(role) ?? null };
}

/** Signs in with the fixture password; the access token. */
export async function signIn(t: TestApp, user: { email: string }): Promise<string> {
  const res = await postLogin(t, { email: user.email });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ auth_token: string }>().auth_token;
}

/** The claims of an access token, read without checking it. */
export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
