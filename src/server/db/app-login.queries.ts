// The application login's record and role, read and set through the owner connection; and
// what a login may do, read through that login's own connection.
import { sql } from 'kysely';
import type { Db } from './database';

export type AppLogin = { role: string; password: string };

export type LoginRights = {
  user: string;
  superuser: boolean;
  bypassRls: boolean;
  createRole: boolean;
  appMember: boolean;
  ownedTables: number;
};

const APP_LOGIN_SECRET = 'app_login';

/**
 * Secrets only the owner reads. Made here at every start rather than in a migration, so a
 * database whose migration list was applied before this table existed gets it too. The
 * application role gets no rights on it (the default privileges would give it read and write).
 */
export async function ensureOwnerSecrets(ownerDb: Db): Promise<void> {
  await ownerDb.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('stafflane_owner_secrets'))`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS owner_secrets (name text PRIMARY KEY, value text NOT NULL)`.execute(trx);
    await sql`REVOKE ALL ON owner_secrets FROM stafflane_app, PUBLIC`.execute(trx);
  });
}

export async function findAppLogin(ownerDb: Db): Promise<AppLogin | undefined> {
  const { rows } = await sql<{ value: string }>`SELECT value FROM owner_secrets WHERE name = ${APP_LOGIN_SECRET}`.execute(ownerDb);
  return rows[0] ? (JSON.parse(rows[0].value) as AppLogin) : undefined;
}

/** Keeps the first record written: servers starting together all end up with the same login. */
export async function insertAppLogin(ownerDb: Db, login: AppLogin): Promise<void> {
  await sql`INSERT INTO owner_secrets (name, value) VALUES (${APP_LOGIN_SECRET}, ${JSON.stringify(login)})
            ON CONFLICT (name) DO NOTHING`.execute(ownerDb);
}

/** One login role per database name, so databases sharing a cluster do not share a password. */
export async function loginRoleNameForDatabase(ownerDb: Db): Promise<string> {
  const { rows } = await sql<{ role: string }>`SELECT 'stafflane_login_' || left(md5(current_database()), 12) AS role`.execute(ownerDb);
  return rows[0]!.role;
}

/**
 * Creates or resets the login role: it signs in with the password whose SCRAM verifier is
 * given, is a member of the application role and inherits its rights, and nothing more.
 */
export async function setLoginRole(ownerDb: Db, role: string, scramVerifier: string, appRole: string): Promise<void> {
  const attributes = sql.raw('LOGIN INHERIT NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION');
  await ownerDb.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('stafflane_app_login'))`.execute(trx);
    const { rows } = await sql`SELECT 1 FROM pg_roles WHERE rolname = ${role}`.execute(trx);
    if (rows.length) await sql`ALTER ROLE ${sql.id(role)} WITH ${attributes} PASSWORD ${sql.lit(scramVerifier)}`.execute(trx);
    else await sql`CREATE ROLE ${sql.id(role)} WITH ${attributes} PASSWORD ${sql.lit(scramVerifier)}`.execute(trx);
    await sql`GRANT ${sql.id(appRole)} TO ${sql.id(role)}`.execute(trx);
  });
}

export async function findLoginRights(loginDb: Db, appRole: string): Promise<LoginRights> {
  const { rows } = await sql<LoginRights>`
    SELECT r.rolname AS "user", r.rolsuper AS superuser, r.rolbypassrls AS "bypassRls",
           r.rolcreaterole AS "createRole",
           pg_has_role(r.oid, ${appRole}, 'USAGE') AS "appMember",
           (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid AND c.relnamespace = 'public'::regnamespace) AS "ownedTables"
    FROM pg_roles r WHERE r.rolname = session_user`.execute(loginDb);
  return rows[0]!;
}
