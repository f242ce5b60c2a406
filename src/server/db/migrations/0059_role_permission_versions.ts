import { sql, type Kysely } from 'kysely';
import { up as sessionContextOf0042 } from './0042_company_hold_sessions';

// The session every signed-in request reads no longer carries its role's permissions: it says
// the role and the version of its permissions, and the server keeps each role's list by that
// version, asking for it (app_role_permissions) only when the version is new to it. Building the
// list as JSON for every request cost PostgreSQL more than the rest of the session's read.
// A role's version goes up by one in the transaction that changes any of its entries (the row
// lock on the version keeps two writers of one role in order), so a list read at version N holds
// every change before N. app_session_context (the realtime socket's check) reads the same session
// and adds the permissions, as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE role_permission_versions (
      role_id uuid PRIMARY KEY REFERENCES roles (id) ON DELETE CASCADE,
      version bigint NOT NULL
    )`.execute(db);
  // Readers only: the trigger (as the owner) is the one writer.
  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON role_permission_versions FROM stafflane_app`.execute(db);
  await sql`
    CREATE FUNCTION bump_role_permission_versions() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      -- In role order, so two writers of several roles lock their rows in the same order.
      INSERT INTO role_permission_versions (role_id, version)
      SELECT DISTINCT role_id, 1 FROM changed_rows WHERE EXISTS (SELECT 1 FROM roles r WHERE r.id = changed_rows.role_id)
      ORDER BY 1
      ON CONFLICT (role_id) DO UPDATE SET version = role_permission_versions.version + 1;
      RETURN NULL;
    END $$`.execute(db);
  for (const [operation, transition] of [
    ['insert', 'NEW'],
    ['update', 'NEW'],
    ['delete', 'OLD'],
    // An entry moved to another role changes the one it left too.
    ['update_old', 'OLD'],
  ] as const) {
    const event = operation.startsWith('update') ? 'UPDATE' : operation.toUpperCase();
    await sql
      .raw(
        `CREATE TRIGGER role_permissions_version_${operation} AFTER ${event} ON role_permissions
         REFERENCING ${transition} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_role_permission_versions()`,
      )
      .execute(db);
  }

  // The session of a request: as app_session_context, with the role and its permissions'
  // version in place of the permissions themselves.
  await sql`
    CREATE FUNCTION app_request_session(session_id uuid, idle_seconds integer)
    RETURNS TABLE (id uuid, user_id uuid, company_id uuid, impersonator_id uuid, last_seen_at timestamptz,
                   status text, department_ids text[], role_id uuid, permissions_version bigint, company_status text)
    LANGUAGE sql STABLE
    SET app.scope = 'system'
    AS $$
      SELECT s.id, s.user_id, s.company_id, s.impersonator_id, s.last_seen_at, u.status,
             array(SELECT u.department_id::text WHERE u.department_id IS NOT NULL
                   UNION SELECT ud.department_id::text FROM user_departments ud WHERE ud.user_id = u.id),
             u.role_id,
             coalesce((SELECT v.version FROM role_permission_versions v WHERE v.role_id = u.role_id), 0),
             c.status
      FROM sessions s JOIN users u ON u.id = s.user_id
      LEFT JOIN companies c ON c.id = s.company_id
      WHERE s.id = session_id AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => idle_seconds)
        AND (s.access_request_id IS NULL OR EXISTS (
              SELECT 1 FROM access_requests r
              WHERE r.id = s.access_request_id AND r.status = 'approved' AND r.ends_at > now()))
    $$`.execute(db);
  // The realtime socket's check keeps its permissions, on the same rule as every request.
  await sql`
    CREATE OR REPLACE FUNCTION app_session_context(session_id uuid, idle_seconds integer)
    RETURNS TABLE (id uuid, user_id uuid, company_id uuid, impersonator_id uuid, last_seen_at timestamptz,
                   status text, department_ids text[], permissions json, company_status text)
    LANGUAGE sql STABLE
    SET app.scope = 'system'
    AS $$
      SELECT s.id, s.user_id, s.company_id, s.impersonator_id, s.last_seen_at, s.status, s.department_ids,
             coalesce((SELECT json_agg(json_build_object('endpoint', p.endpoint, 'method', p.method, 'type', p.type))
                       FROM role_permissions p WHERE p.role_id = s.role_id), '[]'::json),
             s.company_status
      FROM app_request_session(session_id, idle_seconds) s
    $$`.execute(db);
  // A role's entries with their version, read in one snapshot.
  await sql`
    CREATE FUNCTION app_role_permissions(for_role uuid)
    RETURNS TABLE (version bigint, permissions json)
    LANGUAGE sql STABLE
    SET app.scope = 'system'
    AS $$
      SELECT coalesce((SELECT v.version FROM role_permission_versions v WHERE v.role_id = for_role), 0),
             coalesce((SELECT json_agg(json_build_object('endpoint', p.endpoint, 'method', p.method, 'type', p.type))
                       FROM role_permissions p WHERE p.role_id = for_role), '[]'::json)
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sessionContextOf0042(db);
  await sql`DROP FUNCTION IF EXISTS app_role_permissions(uuid)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS app_request_session(uuid, integer)`.execute(db);
  for (const operation of ['insert', 'update', 'delete', 'update_old']) {
    await sql.raw(`DROP TRIGGER IF EXISTS role_permissions_version_${operation} ON role_permissions`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS bump_role_permission_versions()`.execute(db);
  await sql`DROP TABLE IF EXISTS role_permission_versions`.execute(db);
}
