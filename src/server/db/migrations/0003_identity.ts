import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Companies, people, roles and sessions: the tables everything else hangs on. The identity
// issue adds two-factor challenges, login attempts, access requests and the audit log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('sector_name', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'on_hold', 'access_disabled', 'inactive')`),
    )
    .addColumn('hr_client', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('hs_client', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('require_two_factor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'companies', 'id');

  await db.schema
    .createTable('departments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('departments_company_name_uq', ['company_id', 'name'])
    .execute();
  await enableTenantRls(db, 'departments');

  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('docs_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('roles_company_name_uq', ['company_id', 'name'])
    .execute();
  await enableTenantRls(db, 'roles');

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('GET', 'POST', 'PUT', 'DELETE')`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('own', 'department', 'company', 'global')`))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'endpoint', 'method'])
    .execute();
  await enableTenantRls(db, 'role_permissions');

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('middle_names', 'text')
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'invited', 'active', 'terminated', 'locked')`),
    )
    .addColumn('role_id', 'uuid', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('department_id', 'uuid', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('authorised_contact', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_uq ON users (lower(email))`.execute(db);
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();
  await enableTenantRls(db, 'users');

  await db.schema
    .createTable('user_departments')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('department_id', 'uuid', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_departments_pk', ['user_id', 'department_id'])
    .execute();
  await enableTenantRls(db, 'user_departments');

  // Sessions are found by id from the token before any company is known, so they are
  // infrastructure like idempotency keys: no row-level policy, reached only by id.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid')
    .addColumn('impersonator_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  // What every signed-in request needs about its session, in one round trip before any
  // company is known: the function runs in the system scope (its SET clause) and answers
  // only for a live session id, which only the holder of a signed token knows.
  await sql`
    CREATE FUNCTION app_session_context(session_id uuid, idle_seconds integer)
    RETURNS TABLE (id uuid, user_id uuid, company_id uuid, impersonator_id uuid, last_seen_at timestamptz,
                   status text, department_ids text[], permissions json)
    LANGUAGE sql STABLE
    SET app.scope = 'system'
    AS $$
      SELECT s.id, s.user_id, s.company_id, s.impersonator_id, s.last_seen_at, u.status,
             array(SELECT u.department_id::text WHERE u.department_id IS NOT NULL
                   UNION SELECT ud.department_id::text FROM user_departments ud WHERE ud.user_id = u.id),
             coalesce((SELECT json_agg(json_build_object('endpoint', p.endpoint, 'method', p.method, 'type', p.type))
                       FROM role_permissions p WHERE p.role_id = u.role_id), '[]'::json)
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = session_id AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => idle_seconds)
    $$`.execute(db);

  // Secrets the servers of one database share (the token signing key), made once here.
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO server_secrets (name, value)
            VALUES ('token_signing_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`.execute(db);
  await sql`REVOKE INSERT, UPDATE, DELETE ON server_secrets FROM stafflane_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS app_session_context(uuid, integer)`.execute(db);
  for (const table of [
    'server_secrets',
    'sessions',
    'user_departments',
    'users',
    'role_permissions',
    'roles',
    'departments',
    'companies',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
