import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Impersonation: an administrator asks a company for access, the
// company's owner decides, and while the grant is open the administrator may sign in as one
// of the company's users through a one-time token. Sessions remember their grant so that
// ending it ends them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('administrator_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('duration_hours', 'integer', (c) => c.notNull().check(sql`duration_hours between 1 and 168`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'declined', 'ended')`),
    )
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('ended_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('access_requests_company_idx').on('access_requests').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('access_requests_admin_idx').on('access_requests').columns(['administrator_id', 'created_at']).execute();
  await enableTenantRls(db, 'access_requests');

  // Found by the hash of the token before any session exists, like password-reset tokens:
  // no row-level policy, reached only by that hash in the system scope of the exchange.
  await db.schema
    .createTable('impersonation_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('access_request_id', 'uuid', (c) => c.notNull().references('access_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('access_request_id', 'uuid', (c) => c.references('access_requests.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_access_request_idx').on('sessions').column('access_request_id').execute();

  // Roles made before this migration (an existing demo database) get the entries the role
  // templates now give: owners read and decide requests, administrators ask and sign in.
  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT r.id, r.company_id, '/api/access-requests', m.method, CASE WHEN r.company_id IS NULL THEN 'global' ELSE 'company' END
    FROM roles r
    CROSS JOIN (VALUES ('GET'), ('PUT'), ('POST')) AS m(method)
    WHERE ((r.name = 'Owner' AND r.company_id IS NOT NULL AND m.method <> 'POST') OR (r.name = 'Administrator' AND r.company_id IS NULL))
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT id, NULL, '/api/companies', 'GET', 'global' FROM roles WHERE name = 'Administrator' AND company_id IS NULL
    ON CONFLICT DO NOTHING`.execute(db);

  // A session opened under a grant lives only while the grant is open, whatever its own expiry.
  await sql`
    CREATE OR REPLACE FUNCTION app_session_context(session_id uuid, idle_seconds integer)
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
        AND (s.access_request_id IS NULL OR EXISTS (
              SELECT 1 FROM access_requests r
              WHERE r.id = s.access_request_id AND r.status = 'approved' AND r.ends_at > now()))
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('access_request_id').execute();
  await db.schema.dropTable('impersonation_tokens').ifExists().execute();
  await db.schema.dropTable('access_requests').ifExists().execute();
}
