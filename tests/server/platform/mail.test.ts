// The e-mail outbox: sent over real SMTP when configured, logged without it, retried when the
// SMTP server is down, never dropped; and no secret kept: a body lives only until the message
// goes out, fails for good or expires, and the application role cannot read the table.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../src/server/db/embedded-postgres';
import { createMailDispatcher, MAX_EMAIL_ATTEMPTS } from '../../../src/server/mail/mail-dispatcher';
import { enqueueEmail } from '../../../src/server/mail/mail.queries';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

type Row = {
  status: string;
  attempts: number;
  last_error: string | null;
  to_address: string;
  template: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  sent_at: Date | null;
};

async function rowOf(t: TestApp, id: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select status, attempts, last_error, to_address, template, subject, text_body, html_body, sent_at
    from outbox_email where id = ${id}`.execute(t.database.ownerDb);
  return rows[0];
}

/** A pass that starts after the caller's change (one already running may predate it). */
async function drainFresh(t: TestApp): Promise<void> {
  await t.deps.mail.drain();
  await t.deps.mail.drain();
}

describe('with SMTP_URL', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Stafflane <no-reply@stafflane.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers an enqueued message over SMTP, marks it sent and keeps who, when and which template but not the body', async () => {
    const id = await enqueueEmail(t.database.db, {
      template: 'two_factor_code',
      to: 'ella@demo.test',
      subject: 'Your code',
      text: 'Your code is 123456',
      html: '<p>Your code is 123456</p>',
    });
    t.deps.mail.wake();
    const mail = await sink.waitFor({ to: 'ella@demo.test' });
    expect(mail.from).toBe('no-reply@stafflane.test');
    expect(mail.raw).toContain('Subject: Your code');
    expect(mail.raw).toContain('Your code is 123456');
    await drainFresh(t);
    const row = await rowOf(t, id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      to_address: 'ella@demo.test',
      template: 'two_factor_code',
      subject: 'Your code',
      text_body: null,
      html_body: null,
    });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('keeps nothing back when a transaction that enqueued mail rolls back', async () => {
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await enqueueEmail(trx, { template: 'notification', to: 'rollback@demo.test', subject: 'Never', text: 'Never sent' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await drainFresh(t);
    expect(sink.messages.some((m) => m.to.includes('rollback@demo.test'))).toBe(false);
  });

  it('expires a message that waited 24 hours unsent: its body is cleared and it is never sent', async () => {
    const { rows } = await sql<{ id: string }>`
      insert into outbox_email (template, to_address, subject, text_body, created_at)
      values ('password_reset', 'stale@demo.test', 'Reset your password', 'https://app.example.test/reset?token=old',
              now() - interval '25 hours')
      returning id`.execute(t.database.ownerDb);
    const fresh = await enqueueEmail(t.database.db, { template: 'notification', to: 'fresh@demo.test', subject: 'Fresh', text: 'Fresh' });
    await drainFresh(t);
    expect(await rowOf(t, rows[0]!.id)).toMatchObject({
      status: 'expired',
      to_address: 'stale@demo.test',
      template: 'password_reset',
      text_body: null,
      html_body: null,
      sent_at: null,
    });
    expect(sink.messages.some((m) => m.to.includes('stale@demo.test'))).toBe(false);
    expect(await rowOf(t, fresh)).toMatchObject({ status: 'sent' });
  });

  it('keeps the table out of the application role’s reach except through the mail functions', async () => {
    const refused = (query: Parameters<typeof sql.raw>[0]) => sql.raw(query).execute(t.database.db);
    await expect(refused('select text_body from outbox_email')).rejects.toThrow(/permission denied/);
    await expect(refused('select id, to_address from outbox_email')).rejects.toThrow(/permission denied/);
    await expect(
      refused(`insert into outbox_email (template, to_address, subject, text_body) values ('x', 'a@b.test', 's', 't')`),
    ).rejects.toThrow(/permission denied/);
    await expect(refused('update outbox_email set status = status')).rejects.toThrow(/permission denied/);
    await expect(refused('delete from outbox_email')).rejects.toThrow(/permission denied/);
    await expect(
      enqueueEmail(t.database.db, { template: 'Not a template' as 'notification', to: 'x@demo.test', subject: 's', text: 't' }),
    ).rejects.toThrow(/template/);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_POLL_MS: '3600000' } });
  });
  afterAll(async () => t.close());

  it('writes the message to the log (the developer’s mailbox), marks it logged and clears its body', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const id = await enqueueEmail(t.database.db, {
      template: 'invitation',
      to: 'dev@demo.test',
      subject: 'Hello',
      text: 'Open https://x.test/confirm?token=abc',
    });
    const dispatcher = createMailDispatcher({ db: t.database.db, logger, smtpUrl: undefined, from: 'x@x.test', intervalMs: 3_600_000 });
    await dispatcher.drain();
    await dispatcher.stop();
    expect(lines.join('')).toContain('Open https://x.test/confirm?token=abc');
    expect(await rowOf(t, id)).toMatchObject({ status: 'logged', template: 'invitation', to_address: 'dev@demo.test', text_body: null });
  });
});

describe('when the SMTP server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => t.close());

  it('schedules a retry, then marks the message failed after the last attempt and clears its body', async () => {
    const id = await enqueueEmail(t.database.db, { template: 'notification', to: 'down@demo.test', subject: 'Retry', text: 'Retry' });
    await drainFresh(t);
    expect(await rowOf(t, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/ECONNREFUSED/),
      text_body: 'Retry',
    });

    for (let attempt = 2; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      await sql`update outbox_email set next_attempt_at = now() where id = ${id}`.execute(t.database.ownerDb);
      await drainFresh(t);
    }
    expect(await rowOf(t, id)).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS, text_body: null });
  });
});
