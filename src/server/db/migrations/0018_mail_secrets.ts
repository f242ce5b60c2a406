import { sql, type Kysely } from 'kysely';

// Outgoing mail carries secrets (two-factor codes, password-reset and invitation links). A
// body is kept only while the message waits to go out: cleared once it is sent (or written
// to the log without SMTP), once it fails for good, and once it has waited 24 hours (every
// code and reset link in it is dead by then; an invitation can be sent again). The
// application role reaches the table only through the functions below, which run as the
// table's owner with a fixed search_path and take narrow arguments.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox_email ADD COLUMN template text`.execute(db);
  await sql`UPDATE outbox_email SET template = 'unknown'`.execute(db);
  await sql`ALTER TABLE outbox_email ALTER COLUMN template SET NOT NULL`.execute(db);
  await sql`ALTER TABLE outbox_email ALTER COLUMN text_body DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE outbox_email DROP CONSTRAINT IF EXISTS outbox_email_status_check`.execute(db);
  await sql`UPDATE outbox_email SET status = 'expired' WHERE status = 'pending' AND created_at < now() - interval '24 hours'`.execute(db);
  await sql`UPDATE outbox_email SET text_body = NULL, html_body = NULL WHERE status <> 'pending'`.execute(db);
  await sql`
    ALTER TABLE outbox_email
      ADD CONSTRAINT outbox_email_status_check CHECK (status IN ('pending', 'sent', 'logged', 'failed', 'expired')),
      ADD CONSTRAINT outbox_email_body_only_while_pending CHECK (status = 'pending' OR (text_body IS NULL AND html_body IS NULL)),
      ADD CONSTRAINT outbox_email_pending_has_body CHECK (status <> 'pending' OR text_body IS NOT NULL)`.execute(db);

  await sql`REVOKE ALL ON outbox_email FROM stafflane_app`.execute(db);

  await sql`
    CREATE FUNCTION app_mail_enqueue(p_company_id uuid, p_template text, p_to text, p_subject text, p_text text, p_html text)
    RETURNS uuid
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      new_id uuid;
    BEGIN
      IF p_template IS NULL OR p_template !~ '^[a-z][a-z_]{0,39}$' THEN
        RAISE EXCEPTION 'mail template must be a short snake_case name' USING ERRCODE = '22023';
      END IF;
      INSERT INTO public.outbox_email (company_id, template, to_address, subject, text_body, html_body)
      VALUES (p_company_id, p_template, p_to, p_subject, p_text, p_html)
      RETURNING id INTO new_id;
      RETURN new_id;
    END
    $$`.execute(db);

  // Skips rows another server holds (SKIP LOCKED) and rows past the 24-hour expiry.
  await sql`
    CREATE FUNCTION app_mail_claim_due(p_limit integer)
    RETURNS TABLE (id uuid, to_address text, subject text, text_body text, html_body text, attempts integer)
    LANGUAGE sql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
      WITH due AS (
        SELECT o.id FROM public.outbox_email o
        WHERE o.status = 'pending' AND o.next_attempt_at <= now() AND o.created_at > now() - interval '24 hours'
        ORDER BY o.created_at
        LIMIT least(greatest(coalesce(p_limit, 1), 1), 100)
        FOR UPDATE SKIP LOCKED
      )
      UPDATE public.outbox_email o
      SET attempts = o.attempts + 1, next_attempt_at = now() + interval '2 minutes'
      FROM due WHERE o.id = due.id
      RETURNING o.id, o.to_address, o.subject, o.text_body, o.html_body, o.attempts
    $$`.execute(db);

  await sql`
    CREATE FUNCTION app_mail_mark_delivered(p_id uuid, p_logged boolean)
    RETURNS void
    LANGUAGE sql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
      UPDATE public.outbox_email
      SET status = CASE WHEN p_logged THEN 'logged' ELSE 'sent' END, sent_at = now(), last_error = NULL,
          text_body = NULL, html_body = NULL
      WHERE id = p_id
    $$`.execute(db);

  await sql`
    CREATE FUNCTION app_mail_mark_failed(p_id uuid, p_error text, p_retry_seconds integer)
    RETURNS void
    LANGUAGE sql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
      UPDATE public.outbox_email
      SET last_error = left(p_error, 1000),
          status = CASE WHEN p_retry_seconds IS NULL THEN 'failed' ELSE status END,
          text_body = CASE WHEN p_retry_seconds IS NULL THEN NULL ELSE text_body END,
          html_body = CASE WHEN p_retry_seconds IS NULL THEN NULL ELSE html_body END,
          next_attempt_at = CASE WHEN p_retry_seconds IS NULL THEN next_attempt_at
                                 ELSE now() + make_interval(secs => greatest(p_retry_seconds, 1)) END
      WHERE id = p_id AND status = 'pending'
    $$`.execute(db);

  await sql`
    CREATE FUNCTION app_mail_expire_unsent()
    RETURNS integer
    LANGUAGE sql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
      WITH expired AS (
        UPDATE public.outbox_email SET status = 'expired', text_body = NULL, html_body = NULL
        WHERE status = 'pending' AND created_at <= now() - interval '24 hours'
        RETURNING 1
      )
      SELECT count(*)::integer FROM expired
    $$`.execute(db);

  for (const signature of [
    'app_mail_enqueue(uuid, text, text, text, text, text)',
    'app_mail_claim_due(integer)',
    'app_mail_mark_delivered(uuid, boolean)',
    'app_mail_mark_failed(uuid, text, integer)',
    'app_mail_expire_unsent()',
  ]) {
    await sql.raw(`REVOKE ALL ON FUNCTION ${signature} FROM PUBLIC`).execute(db);
    await sql.raw(`GRANT EXECUTE ON FUNCTION ${signature} TO stafflane_app`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS app_mail_enqueue(uuid, text, text, text, text, text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS app_mail_claim_due(integer)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS app_mail_mark_delivered(uuid, boolean)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS app_mail_mark_failed(uuid, text, integer)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS app_mail_expire_unsent()`.execute(db);
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON outbox_email TO stafflane_app`.execute(db);
  await sql`
    ALTER TABLE outbox_email
      DROP CONSTRAINT outbox_email_pending_has_body,
      DROP CONSTRAINT outbox_email_body_only_while_pending,
      DROP CONSTRAINT outbox_email_status_check`.execute(db);
  await sql`UPDATE outbox_email SET status = 'failed' WHERE status = 'expired'`.execute(db);
  await sql`UPDATE outbox_email SET text_body = '' WHERE text_body IS NULL`.execute(db);
  await sql`ALTER TABLE outbox_email ADD CONSTRAINT outbox_email_status_check CHECK (status IN ('pending', 'sent', 'logged', 'failed'))`.execute(
    db,
  );
  await sql`ALTER TABLE outbox_email ALTER COLUMN text_body SET NOT NULL`.execute(db);
  await sql`ALTER TABLE outbox_email DROP COLUMN template`.execute(db);
}
