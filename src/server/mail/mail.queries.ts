// The e-mail outbox: written with the change that causes a message, drained by the dispatcher.
// The application role cannot touch outbox_email itself; these database functions (migration
// 0018) are its only way in, and a body lives only until the message is sent, fails for good
// or expires unsent.
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../db/database';

/** Which kind of message a row was: kept after its body is cleared, for support and audits. */
export type EmailTemplate =
  | 'two_factor_code'
  | 'password_reset'
  | 'invitation'
  | 'email_change_confirmation'
  | 'email_change_notice'
  | 'notification'
  | 'contact_request'
  | 'contact_reply'
  | 'chat_transcript'
  | 'payroll_data'
  | 'rota_published'
  | 'report_digest'
  | 'company_status'
  | 'order_decision'
  | 'sign_up'
  | 'sign_up_existing'
  | 'two_factor_reset';

export type EmailMessage = {
  template: EmailTemplate;
  to: string;
  subject: string;
  text: string;
  html?: string;
  companyId?: string | null;
};

export type DueEmail = { id: string; to_address: string; subject: string; text_body: string; html_body: string | null; attempts: number };

export async function enqueueEmail(db: DbOrTrx, message: EmailMessage): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    SELECT app_mail_enqueue(${message.companyId ?? null}::uuid, ${message.template}, ${message.to}, ${message.subject},
                            ${message.text}, ${message.html ?? null}) AS id`.execute(db);
  return rows[0]!.id;
}

/** Takes up to `limit` due messages; SKIP LOCKED lets several servers drain one outbox. */
export async function claimDueEmails(db: Db, limit: number): Promise<DueEmail[]> {
  const { rows } = await sql<DueEmail>`SELECT * FROM app_mail_claim_due(${limit}::integer)`.execute(db);
  return rows;
}

/** Sent over SMTP, or written to the log without SMTP: either way the body is cleared. */
export async function markEmailDelivered(db: Db, options: { id: string; status: 'sent' | 'logged' }): Promise<void> {
  await sql`SELECT app_mail_mark_delivered(${options.id}::uuid, ${options.status === 'logged'})`.execute(db);
}

/** Schedules a retry, or (`retryInSeconds` null) marks the message failed and clears its body. */
export async function markEmailFailed(db: Db, options: { id: string; error: string; retryInSeconds: number | null }): Promise<void> {
  await sql`SELECT app_mail_mark_failed(${options.id}::uuid, ${options.error}, ${options.retryInSeconds}::integer)`.execute(db);
}

/** Clears the bodies of messages that waited 24 hours without going out; answers how many. */
export async function expireUnsentEmails(db: Db): Promise<number> {
  const { rows } = await sql<{ expired: number }>`SELECT app_mail_expire_unsent() AS expired`.execute(db);
  return rows[0]!.expired;
}
