// The e-mail outbox: written with the change that causes a message, drained by the dispatcher.
import { sql, type Generated } from 'kysely';
import type { Db, DbOrTrx } from '../db/database';
import type { Timestamp } from '../db/schema';

export type EmailStatus = 'pending' | 'sent' | 'logged' | 'failed';

export interface OutboxEmailTable {
  id: Generated<string>;
  company_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
}

declare module '../db/schema' {
  interface Database {
    outbox_email: OutboxEmailTable;
  }
}

export type EmailMessage = { to: string; subject: string; text: string; html?: string; companyId?: string | null };

export async function enqueueEmail(db: DbOrTrx, message: EmailMessage): Promise<string> {
  const row = await db
    .insertInto('outbox_email')
    .values({
      company_id: message.companyId ?? null,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes up to `limit` due messages; SKIP LOCKED lets several servers drain one outbox. */
export async function claimDueEmails(db: Db, limit: number) {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('outbox_email')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (!due.length) return [];
    return trx
      .updateTable('outbox_email')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: sql<Date>`now() + interval '2 minutes'` })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
      .execute();
  });
}

export async function markEmailDelivered(db: Db, options: { id: string; status: 'sent' | 'logged' }): Promise<void> {
  await db
    .updateTable('outbox_email')
    .set({ status: options.status, sent_at: sql<Date>`now()`, last_error: null })
    .where('id', '=', options.id)
    .execute();
}

export async function markEmailFailed(db: Db, options: { id: string; error: string; retryInSeconds: number | null }): Promise<void> {
  await db
    .updateTable('outbox_email')
    .set({
      last_error: options.error.slice(0, 1000),
      ...(options.retryInSeconds === null
        ? { status: 'failed' as const }
        : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${options.retryInSeconds})` }),
    })
    .where('id', '=', options.id)
    .execute();
}
