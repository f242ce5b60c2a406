import { sql, type Kysely } from 'kysely';

// A company put on hold (or disabled) stops at once, not when its people's tokens expire: the
// one session query every request makes (app_session_context) also says the status of the
// session's company, and the request context refuses a session whose company is not active.
// The function is written out whole: an old migration means the same thing forever.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION app_session_context(uuid, integer)`.execute(db);
  await sql`
    CREATE FUNCTION app_session_context(session_id uuid, idle_seconds integer)
    RETURNS TABLE (id uuid, user_id uuid, company_id uuid, impersonator_id uuid, last_seen_at timestamptz,
                   status text, department_ids text[], permissions json, company_status text)
    LANGUAGE sql STABLE
    SET app.scope = 'system'
    AS $$
      SELECT s.id, s.user_id, s.company_id, s.impersonator_id, s.last_seen_at, u.status,
             array(SELECT u.department_id::text WHERE u.department_id IS NOT NULL
                   UNION SELECT ud.department_id::text FROM user_departments ud WHERE ud.user_id = u.id),
             coalesce((SELECT json_agg(json_build_object('endpoint', p.endpoint, 'method', p.method, 'type', p.type))
                       FROM role_permissions p WHERE p.role_id = u.role_id), '[]'::json),
             c.status
      FROM sessions s JOIN users u ON u.id = s.user_id
      LEFT JOIN companies c ON c.id = s.company_id
      WHERE s.id = session_id AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => idle_seconds)
        AND (s.access_request_id IS NULL OR EXISTS (
              SELECT 1 FROM access_requests r
              WHERE r.id = s.access_request_id AND r.status = 'approved' AND r.ends_at > now()))
    $$`.execute(db);
}
