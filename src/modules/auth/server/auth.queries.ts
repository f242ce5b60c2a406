// Accounts, roles and sessions as sign-in and the authenticator need them.
import { sql, type Generated } from 'kysely';
import type { Db, DbOrTrx, Trx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';
import type { AccountStatus } from '../../../server/module-hooks';
import { dataVersionOf } from '../../../server/http/versioned-read.queries';
import type { HttpMethod, PermissionEntry, Scope } from '../../../shared/scopes';
import type { TwoFactorMethod } from '../auth.contract';
import type { PersonAccess } from '../auth.policy';

export type CompanyStatus = 'active' | 'on_hold' | 'disabled';
export type UserStatus = AccountStatus;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  number: string | null;
  sector_name: string | null;
  status: Generated<CompanyStatus>;
  hr_client: Generated<boolean>;
  hs_client: Generated<boolean>;
  require_two_factor: Generated<boolean>;
  created_at: Generated<Date>;
  /** Migration 0031: the administrators' view of a company. */
  address: Generated<string | null>;
  documents_client: Generated<boolean>;
  seats: Generated<number | null>;
  status_reason: Generated<string | null>;
  status_changed_at: Generated<Date | null>;
}
export interface DepartmentsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  created_at: Generated<Date>;
}
export interface RolesTable {
  id: Generated<string>;
  company_id: string | null;
  name: string;
  docs_only: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface RolePermissionsTable {
  role_id: string;
  company_id: string | null;
  endpoint: string;
  method: HttpMethod;
  type: Scope;
}
export interface UsersTable {
  id: Generated<string>;
  company_id: string | null;
  email: string;
  first_name: string;
  middle_names: string | null;
  surname: string;
  mobile: string | null;
  password_hash: string | null;
  status: Generated<UserStatus>;
  role_id: string | null;
  department_id: string | null;
  authorised_contact: Generated<boolean>;
  two_factor_enabled: Generated<boolean>;
  two_factor_method: Generated<TwoFactorMethod>;
  /** Onboarding (migration 0008): the invitation link was opened; the terms were accepted. */
  email_confirmed_at: Generated<Date | null>;
  terms_accepted_at: Generated<Date | null>;
  /** The person's own access (migration 0031): on hold or disabled refuses their sign-in. */
  access: Generated<PersonAccess>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface UserDepartmentsTable {
  user_id: string;
  department_id: string;
  company_id: string;
}
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  company_id: string | null;
  impersonator_id: string | null;
  /** The access request an impersonated session was opened under (migration 0009). */
  access_request_id: Generated<string | null>;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}
export interface ServerSecretsTable {
  name: string;
  value: string;
}

declare module '../../../server/db/schema' {
  interface Database {
    companies: CompaniesTable;
    departments: DepartmentsTable;
    roles: RolesTable;
    role_permissions: RolePermissionsTable;
    users: UsersTable;
    user_departments: UserDepartmentsTable;
    sessions: SessionsTable;
    server_secrets: ServerSecretsTable;
  }
}

export type Account = {
  id: string;
  company_id: string | null;
  email: string;
  mobile: string | null;
  first_name: string;
  password_hash: string | null;
  status: UserStatus;
  access: PersonAccess;
  role_id: string | null;
  department_id: string | null;
  authorised_contact: boolean;
  company_status: CompanyStatus | null;
  hr_client: boolean | null;
  hs_client: boolean | null;
  role_exists: boolean;
  docs_only: boolean;
  two_factor_enabled: boolean;
  two_factor_method: TwoFactorMethod;
  require_two_factor: boolean;
  provider_only: 'microsoft' | 'google' | null;
  line_managers: string[];
  /** A confirmed authenticator app, and at least one passkey (migrations 0047, 0048). */
  has_authenticator: boolean;
  has_passkey: boolean;
};

/** The user's line managers' ids (token claim), read in the same statement as the user. */
function lineManagerIds(userRef: string) {
  return sql<string[]>`array(select m.manager_id::text from user_line_managers m where m.user_id = ${sql.ref(userRef)} order by 1)`;
}

/** Sign-in knows no company yet: call inside the system scope (withSystem). */
export async function findAccountByEmail(trx: Trx, email: string): Promise<Account | undefined> {
  return accountQuery(trx)
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The account a passkey belongs to (sign-in with a passkey knows no address). */
export async function findAccountById(trx: Trx, userId: string): Promise<Account | undefined> {
  return accountQuery(trx).where('u.id', '=', userId).executeTakeFirst();
}

function accountQuery(trx: Trx) {
  return trx
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.company_id',
      'u.email',
      'u.mobile',
      'u.first_name',
      'u.password_hash',
      'u.status',
      'u.access',
      'u.role_id',
      'u.department_id',
      'u.authorised_contact',
      'c.status as company_status',
      'c.hr_client',
      'c.hs_client',
      sql<boolean>`r.id is not null`.as('role_exists'),
      sql<boolean>`coalesce(r.docs_only, false)`.as('docs_only'),
      'u.two_factor_enabled',
      'u.two_factor_method',
      // The company's rule (migration 0049): everyone, or its owners and HR admins.
      sql<boolean>`coalesce(c.require_two_factor, false) or exists (
        select 1 from company_sign_in s where s.company_id = u.company_id
        and (s.two_factor_for = 'everyone' or (s.two_factor_for = 'administrators' and r.name in ('Owner', 'HR admin'))))`.as(
        'require_two_factor',
      ),
      // A company that signs in with Microsoft or Google only: its provider, and no password sign-in.
      sql<'microsoft' | 'google' | null>`(select s.provider from company_sign_in s where s.company_id = u.company_id
        and not s.passwords_allowed and s.provider is not null and s.client_id is not null)`.as('provider_only'),
      lineManagerIds('u.id').as('line_managers'),
      sql<boolean>`exists (select 1 from authenticator_apps a where a.user_id = u.id and a.confirmed_at is not null)`.as(
        'has_authenticator',
      ),
      sql<boolean>`exists (select 1 from passkeys p where p.user_id = u.id)`.as('has_passkey'),
    ]);
}

/** What a refreshed token says about its user, and whether they may still sign in (company status, own access). */
export async function findTokenAccount(trx: Trx, userId: string) {
  return trx
    .selectFrom('users')
    .leftJoin('companies as c', 'c.id', 'users.company_id')
    .select([
      'users.id',
      'users.first_name',
      'users.company_id',
      'users.department_id',
      'users.status',
      'users.access',
      'users.authorised_contact',
      'c.status as company_status',
      lineManagerIds('users.id').as('line_managers'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function findPermissions(trx: DbOrTrx, roleId: string | null): Promise<PermissionEntry[]> {
  if (!roleId) return [];
  return trx
    .selectFrom('role_permissions')
    .select(['endpoint', 'method', 'type'])
    .where('role_id', '=', roleId)
    .orderBy('endpoint')
    .orderBy('method')
    .execute();
}

export async function findDepartmentIds(trx: DbOrTrx, user: { id: string; department_id: string | null }): Promise<string[]> {
  const rows = await trx.selectFrom('user_departments').select('department_id').where('user_id', '=', user.id).execute();
  const ids = new Set(rows.map((row) => row.department_id));
  if (user.department_id) ids.add(user.department_id);
  return [...ids];
}

export async function createSession(
  db: DbOrTrx,
  input: { userId: string; companyId: string | null; impersonatorId?: string | null; maxSeconds: number },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      company_id: input.companyId,
      impersonator_id: input.impersonatorId ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.maxSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type LiveSession = {
  id: string;
  user_id: string;
  company_id: string | null;
  impersonator_id: string | null;
  last_seen_at: Date;
  status: UserStatus;
  department_ids: string[];
  /** The user's role, and the version of its permissions (findRolePermissions reads them when the server does not hold that version). */
  role_id: string | null;
  permissions_version: number;
  /** The status of the session's company now (null for an administrator's own session). */
  company_status: CompanyStatus | null;
  /** The company's data version now (versioned-read.ts), for the request's versioned reads. */
  data_version: string;
};

/**
 * The live session for a token with what a request needs about its user (departments, the
 * role and its permissions' version) and its company's status in one round trip
 * (app_request_session, migrations 0003, 0009, 0042 and 0059);
 * touches last_seen_at at most once a minute.
 */
export async function findLiveSession(db: Db, input: { sessionId: string; idleSeconds: number }): Promise<LiveSession | undefined> {
  const { rows } = await sql<LiveSession>`
    select c.id, c.user_id, c.company_id, c.impersonator_id, c.last_seen_at, c.status, c.department_ids, c.company_status,
      c.role_id, c.permissions_version, ${dataVersionOf(sql`c.company_id`)} as data_version
    from app_request_session(${input.sessionId}, ${input.idleSeconds}) c`.execute(db);
  const session = rows[0];
  if (session && Date.now() - session.last_seen_at.getTime() > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now()` })
      .where('id', '=', session.id)
      .execute();
  }
  return session;
}

/** A role's permissions as PostgreSQL wrote them (JSON text) with their version, read together. */
export async function findRolePermissions(db: Db, roleId: string): Promise<{ version: number; json: string }> {
  const { rows } = await sql<{ version: number; json: string }>`
    select r.version, r.permissions::text as json from app_role_permissions(${roleId}) r`.execute(db);
  return rows[0] ?? { version: 0, json: '[]' };
}

export async function revokeSession(db: DbOrTrx, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user at once: their tokens fail on the next request. */
export async function revokeUserSessions(db: DbOrTrx, userId: string): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findSigningKey(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'token_signing_key').executeTakeFirst();
  return row?.value;
}
