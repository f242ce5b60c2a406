// The application pool signs in as its own login role: an injected RESET ROLE or SET ROLE
// cannot reach the owner's rights, and the owner sets the login up (or says clearly why it
// cannot) at start-up.
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAppDatabaseUrl, ensureAppLogin } from '../../../src/server/db/app-login';
import { createDb, createPool } from '../../../src/server/db/database';
import { withDatabaseName } from '../../../src/server/db/open';
import { describeStartupFailure } from '../../../src/server/startup-error';
import { addCompany } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyA: string;
let companyB: string;
const rolesToDrop: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await addCompany(t)).companyId;
  companyB = (await addCompany(t)).companyId;
});
afterAll(async () => {
  await t.close();
  // Roles are cluster-wide: drop the ones this file made once its database is gone.
  const admin = new pg.Client({ connectionString: withDatabaseName(t.database.ownerUrl, 'postgres') });
  await admin.connect();
  for (const role of rolesToDrop) await admin.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(role)}`);
  await admin.end();
});

/** Runs `fn` on one connection of the application pool, inside a transaction that is rolled back. */
function onAppConnection<T>(fn: (run: (statement: string, values?: unknown[]) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  return t.database.db.connection().execute(async (connection) => {
    const run = async (statement: string, values: unknown[] = []) =>
      (await connection.executeQuery(CompiledQuery.raw(statement, values))).rows;
    await run('BEGIN');
    try {
      return await fn(run);
    } finally {
      await run('ROLLBACK').catch(() => undefined);
    }
  });
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string }) => error.code,
  );

describe('the application connection', () => {
  it('signs in as a login role that is not a superuser, not the owner, and a member of stafflane_app', async () => {
    const { rows } = await sql<{ current_user: string; session_user: string; superuser: boolean; member: boolean }>`
      select current_user, session_user, (select rolsuper from pg_roles where rolname = session_user) as superuser,
             pg_has_role(session_user, 'stafflane_app', 'USAGE') as member`.execute(t.database.db);
    expect(rows[0]?.session_user).toMatch(/^stafflane_login_/);
    expect(rows[0]).toMatchObject({ current_user: rows[0]?.session_user, superuser: false, member: true });
  });

  it('cannot read the owner-only secrets, including its own password', async () => {
    expect(await codeOf(sql`select value from owner_secrets`.execute(t.database.db))).toBe('42501');
  });

  it('keeps row-level security after RESET ROLE: a cross-company read returns nothing', async () => {
    const seen = await onAppConnection(async (run) => {
      await run(`select set_config('app.company_id', $1, true)`, [companyA]);
      await run('RESET ROLE');
      await run('RESET SESSION AUTHORIZATION');
      return run('select id from companies where id = any($1)', [[companyA, companyB]]);
    });
    expect(seen).toEqual([{ id: companyA }]);
  });

  it("cannot switch to the owner's role or session, or switch row-level security off", async () => {
    expect(await onAppConnection((run) => codeOf(run('SET ROLE postgres')))).toBe('42501');
    expect(await onAppConnection((run) => codeOf(run('SET SESSION AUTHORIZATION postgres')))).toBe('42501');
    expect(await onAppConnection((run) => codeOf(run('ALTER TABLE companies DISABLE ROW LEVEL SECURITY')))).toBe('42501');
  });
});

describe('setting up the application login', () => {
  it('creates a login for a database without one, and repairs one left unable to sign in', async () => {
    await sql`delete from owner_secrets where name = 'app_login'`.execute(t.database.ownerDb);
    const urls = await Promise.all([0, 1, 2].map(() => ensureAppLogin(t.database.ownerDb, t.database.ownerUrl)));
    expect(new Set(urls).size).toBe(1);
    const role = decodeURIComponent(new URL(urls[0]!).username);
    rolesToDrop.push(role);
    expect(role).not.toBe(new URL(t.database.appUrl).username);

    // As an older version left it: a role that may not sign in.
    await sql`alter role ${sql.id(role)} nologin`.execute(t.database.ownerDb);
    expect(await ensureAppLogin(t.database.ownerDb, t.database.ownerUrl)).toBe(urls[0]);
    const db = createDb(createPool(urls[0]!, { max: 1 }));
    try {
      const { rows } = await sql<{ who: string }>`select session_user as who`.execute(db);
      expect(rows[0]?.who).toBe(role);
    } finally {
      await db.destroy();
    }
  });

  it('refuses an APP_DATABASE_URL with more rights than the application role', async () => {
    await expect(checkAppDatabaseUrl(t.database.appUrl)).resolves.toBeUndefined();
    await expect(checkAppDatabaseUrl(t.database.ownerUrl)).rejects.toThrow(
      /^APP_DATABASE_URL cannot be used for requests: the role "postgres" is a superuser, bypasses row-level security, may create roles, owns \d+ tables/,
    );
  });

  it('stops with one clear line when the owner may not create roles', async () => {
    const weak = `stafflane_test_owner_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(16).toString('hex');
    rolesToDrop.push(weak);
    await sql`create role ${sql.id(weak)} login nocreaterole password ${sql.lit(password)}`.execute(t.database.ownerDb);
    await sql`grant create on schema public to ${sql.id(weak)}`.execute(t.database.ownerDb);
    await sql`alter table owner_secrets owner to ${sql.id(weak)}`.execute(t.database.ownerDb);
    // A login role not made yet (its name is per database; a fresh one here, as the role of
    // the earlier test would already sign in where the server trusts local connections).
    const login = { role: `stafflane_login_${randomBytes(6).toString('hex')}`, password: randomBytes(16).toString('hex') };
    rolesToDrop.push(login.role);
    await sql`update owner_secrets set value = ${JSON.stringify(login)} where name = 'app_login'`.execute(t.database.ownerDb);

    const weakUrl = new URL(t.database.ownerUrl);
    weakUrl.username = weak;
    weakUrl.password = password;
    const weakDb = createDb(createPool(weakUrl.toString(), { max: 1 }));
    const failure = await ensureAppLogin(weakDb, weakUrl.toString()).then(
      () => null,
      (error: unknown) => error,
    );
    await weakDb.destroy();

    const line = describeStartupFailure(failure, { port: 3000, host: '0.0.0.0', dataDir: 'data' });
    expect(line).toContain(`Stafflane could not start: The database owner could not set up the application's login role "${login.role}"`);
    expect(line).toMatch(
      /Give the owner the CREATEROLE right, or create a login role that is a member of stafflane_app yourself and set APP_DATABASE_URL/,
    );
    expect(line).not.toContain('\n');
  });
});
