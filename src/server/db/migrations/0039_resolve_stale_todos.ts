import { sql, type Kysely } from 'kysely';

// Every to-do now carries the kind its module declared (notifications/todo-kinds.ts), which
// resolveTodos ends it by; an administrator's to-do keeps it too (app_notify_administrator).
// Until now only leave, return to work and orders ended their to-dos, so this gives the open
// ones their kind and resolves each whose thing is already done: the decided access request,
// order, overtime, absence and claim; the resubmitted claim; the completed or deleted task; the
// reported incident; the renewed right-to-work check; the closed return to work; the
// acknowledged notice; the signature given (or no longer asked); the document sent again.
// The kinds and subjects are written out here: an old migration means the same thing forever.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications ADD COLUMN todo_kind text`.execute(db);

  await sql`DROP FUNCTION IF EXISTS app_notify_administrator(uuid, text, text, text, boolean, text)`.execute(db);
  await sql`
    CREATE FUNCTION app_notify_administrator(p_user_id uuid, p_description text, p_relates_to text,
                                             p_relates_to_id text, p_todo boolean, p_subject text, p_todo_kind text)
    RETURNS TABLE (id uuid, company_id uuid, user_id uuid, description text, relates_to text, relates_to_id text,
                   todo boolean, is_new boolean, is_clicked boolean, created_at timestamptz,
                   recipient_email text, email_notifications boolean)
    LANGUAGE sql VOLATILE
    SET app.scope = 'system'
    AS $$
      WITH n AS (
        INSERT INTO notifications (company_id, user_id, description, relates_to, relates_to_id, todo, subject, todo_kind)
        SELECT NULL, u.id, p_description, p_relates_to, p_relates_to_id, p_todo, p_subject, p_todo_kind
        FROM users u WHERE u.id = p_user_id AND u.company_id IS NULL
        RETURNING notifications.*
      )
      SELECT n.id, n.company_id, n.user_id, n.description, n.relates_to, n.relates_to_id, n.todo, n.is_new,
             n.is_clicked, n.created_at, u.email, coalesce(s.email_notifications, true)
      FROM n JOIN users u ON u.id = n.user_id LEFT JOIN user_settings s ON s.user_id = n.user_id
    $$`.execute(db);
  await resolveStaleTodos(db);
}

/**
 * Gives each open to-do of the old shape its kind and subject, then resolves every open to-do
 * whose thing is done; answers how many it resolved. Safe to run again (the demo test does).
 */
export async function resolveStaleTodos(db: Kysely<unknown>): Promise<number> {
  // The kinds of the to-dos sent so far, by what they were about.
  await sql`
    UPDATE notifications n SET todo_kind = CASE
        WHEN n.relates_to = 'impersonation' THEN 'access-request.decide'
        WHEN n.relates_to = 'company_order' THEN 'order.decide'
        WHEN n.relates_to = 'overtime_report' THEN 'overtime.decide'
        WHEN n.relates_to = 'user' THEN 'right-to-work.renew'
        WHEN n.relates_to IN ('hr_task', 'hs_task') THEN 'task.complete'
        WHEN n.relates_to IS NULL AND n.description LIKE 'RIDDOR:%' THEN 'incident.riddor-report'
        WHEN n.relates_to = 'expense' THEN
          CASE WHEN EXISTS (SELECT 1 FROM expense_claims c WHERE c.id::text = n.relates_to_id AND c.user_id = n.user_id)
               THEN 'expense.resubmit' ELSE 'expense.decide' END
        WHEN n.relates_to = 'absence_request' THEN 'absence.decide'
        WHEN n.relates_to = 'return_to_work' AND n.subject LIKE '%:review' THEN 'return-to-work.review'
        WHEN n.relates_to = 'return_to_work' THEN 'return-to-work.complete'
        WHEN n.relates_to = 'notice' THEN 'notice.acknowledge'
        WHEN n.relates_to = 'document_sign' THEN 'document.sign'
        WHEN n.relates_to = 'document' THEN 'document.signing-declined'
      END
    WHERE n.todo AND n.todo_kind IS NULL`.execute(db);
  // Subjects the modules now send with: a person's right to work, and an incident (which no
  // notification links to; its reminder carried the record's address).
  await sql`UPDATE notifications SET subject = 'right_to_work:' || relates_to_id
            WHERE todo AND todo_kind = 'right-to-work.renew' AND relates_to_id IS NOT NULL AND coalesce(subject, '') NOT LIKE 'right_to_work:%'`.execute(
    db,
  );
  await sql`UPDATE notifications SET subject = 'incident:' || substring(description FROM '/incident-log/([0-9a-fA-F-]{36})')
            WHERE todo AND todo_kind = 'incident.riddor-report' AND description ~ '/incident-log/[0-9a-fA-F-]{36}'`.execute(db);
  await sql`UPDATE notifications SET subject = relates_to || ':' || relates_to_id
            WHERE todo AND subject IS NULL AND relates_to IS NOT NULL AND relates_to_id IS NOT NULL`.execute(db);

  // What is done already: the open to-dos about it are resolved.
  const resolved = await sql`
    UPDATE notifications n SET resolved_at = now(), is_new = false
    WHERE n.todo AND n.resolved_at IS NULL AND (
      n.todo_kind IS NULL
      OR (n.todo_kind = 'access-request.decide' AND NOT EXISTS (
            SELECT 1 FROM access_requests r WHERE r.id::text = n.relates_to_id AND r.status = 'pending'))
      OR (n.todo_kind = 'order.decide' AND NOT EXISTS (
            SELECT 1 FROM company_orders o WHERE o.id::text = n.relates_to_id AND o.status = 'pending'))
      OR (n.todo_kind = 'overtime.decide' AND NOT EXISTS (
            SELECT 1 FROM user_overtime o WHERE o.id::text = n.relates_to_id AND o.status = 'reported'))
      OR (n.todo_kind = 'right-to-work.renew' AND NOT EXISTS (
            SELECT 1 FROM user_work_permits w JOIN users u ON u.id = w.user_id AND u.status <> 'terminated'
            WHERE w.user_id::text = n.relates_to_id
              AND ((w.expiry_date IS NOT NULL AND w.expiry_date <= current_date + 30)
                OR (w.follow_up_date IS NOT NULL AND w.follow_up_date <= current_date))))
      OR (n.todo_kind = 'task.complete' AND NOT EXISTS (
            SELECT 1 FROM tasks t WHERE t.id::text = n.relates_to_id AND t.status = 'open' AND t.assignee_id = n.user_id))
      OR (n.todo_kind = 'incident.riddor-report' AND NOT EXISTS (
            SELECT 1 FROM incidents i WHERE 'incident:' || i.id::text = n.subject AND i.riddor_reported_on IS NULL))
      OR (n.todo_kind = 'expense.decide' AND NOT EXISTS (
            SELECT 1 FROM expense_claims c WHERE c.id::text = n.relates_to_id AND c.status = 'submitted'))
      OR (n.todo_kind = 'expense.resubmit' AND NOT EXISTS (
            SELECT 1 FROM expense_claims c WHERE c.id::text = n.relates_to_id AND c.status = 'rejected'))
      OR (n.todo_kind = 'absence.decide' AND NOT EXISTS (
            SELECT 1 FROM user_absences a WHERE a.id::text = n.relates_to_id AND a.status IN ('pending', 'cancellation_requested')))
      OR (n.todo_kind = 'return-to-work.complete' AND NOT EXISTS (
            SELECT 1 FROM return_to_work_items r WHERE r.id::text = n.relates_to_id AND r.status = 'awaiting_employee'))
      OR (n.todo_kind = 'return-to-work.review' AND NOT EXISTS (
            SELECT 1 FROM return_to_work_items r WHERE r.id::text = n.relates_to_id AND r.status = 'awaiting_review'))
      OR (n.todo_kind = 'notice.acknowledge' AND NOT EXISTS (
            SELECT 1 FROM notices x WHERE x.id::text = n.relates_to_id AND x.acknowledgement_required
              AND NOT EXISTS (SELECT 1 FROM notice_receipts r
                              WHERE r.notice_id = x.id AND r.user_id = n.user_id AND r.acknowledged_at IS NOT NULL)))
      OR (n.todo_kind = 'document.sign' AND NOT EXISTS (
            SELECT 1 FROM document_sign_requests q JOIN document_signers s ON s.request_id = q.id
            WHERE q.document_id::text = n.relates_to_id AND q.status = 'pending'
              AND s.user_id = n.user_id AND s.status IN ('pending', 'waiting')))
      OR (n.todo_kind = 'document.signing-declined' AND NOT EXISTS (
            SELECT 1 FROM documents d WHERE d.id::text = n.relates_to_id
              AND (SELECT q.status FROM document_sign_requests q WHERE q.document_id = d.id
                   ORDER BY q.created_at DESC, q.id DESC LIMIT 1) = 'declined'))
    )`.execute(db);
  return Number(resolved.numAffectedRows ?? 0);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS app_notify_administrator(uuid, text, text, text, boolean, text, text)`.execute(db);
  await sql`
    CREATE FUNCTION app_notify_administrator(p_user_id uuid, p_description text, p_relates_to text,
                                             p_relates_to_id text, p_todo boolean, p_subject text)
    RETURNS TABLE (id uuid, company_id uuid, user_id uuid, description text, relates_to text, relates_to_id text,
                   todo boolean, is_new boolean, is_clicked boolean, created_at timestamptz,
                   recipient_email text, email_notifications boolean)
    LANGUAGE sql VOLATILE
    SET app.scope = 'system'
    AS $$
      WITH n AS (
        INSERT INTO notifications (company_id, user_id, description, relates_to, relates_to_id, todo, subject)
        SELECT NULL, u.id, p_description, p_relates_to, p_relates_to_id, p_todo, p_subject
        FROM users u WHERE u.id = p_user_id AND u.company_id IS NULL
        RETURNING notifications.*
      )
      SELECT n.id, n.company_id, n.user_id, n.description, n.relates_to, n.relates_to_id, n.todo, n.is_new,
             n.is_clicked, n.created_at, u.email, coalesce(s.email_notifications, true)
      FROM n JOIN users u ON u.id = n.user_id LEFT JOIN user_settings s ON s.user_id = n.user_id
    $$`.execute(db);
  await sql`ALTER TABLE notifications DROP COLUMN IF EXISTS todo_kind`.execute(db);
}
