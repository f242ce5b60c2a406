// The e-mail outbox: sent over real SMTP when configured, kept and logged without it,
// retried when the SMTP server is down, never dropped.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded-postgres';
import { MAX_EMAIL_ATTEMPTS } from '../../src/server/mail/mail-dispatcher';
import { enqueueEmail } from '../../src/server/mail/mail.queries';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { createTestApp, type TestApp } from '../support/test-app';

async function statusOf(t: TestApp, id: string) {
  const { rows } = await sql<{ status: string; attempts: number; last_error: string | null }>`
    select status, attempts, last_error from outbox_email where id = ${id}`.execute(t.database.ownerDb);
  return rows[0];
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

  it('delivers an enqueued message over SMTP and marks it sent', async () => {
    const id = await enqueueEmail(t.database.db, { to: 'ella@demo.test', subject: 'Your code', text: 'Your code is 123456' });
    t.app.mail.wake();
    const mail = await sink.waitFor({ to: 'ella@demo.test' });
    expect(mail.from).toBe('no-reply@stafflane.test');
    expect(mail.raw).toContain('Subject: Your code');
    expect(mail.raw).toContain('Your code is 123456');
    await t.app.mail.drain();
    expect(await statusOf(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps nothing back when a transaction that enqueued mail rolls back', async () => {
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await enqueueEmail(trx, { to: 'rollback@demo.test', subject: 'Never', text: 'Never sent' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.app.mail.drain();
    expect(sink.messages.some((m) => m.to.includes('rollback@demo.test'))).toBe(false);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps the message in the outbox as logged', async () => {
    const id = await enqueueEmail(t.database.db, { to: 'dev@demo.test', subject: 'Hello', text: 'Hello' });
    await t.app.mail.drain();
    expect(await statusOf(t, id)).toMatchObject({ status: 'logged' });
  });
});

describe('when the SMTP server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => t.close());

  it('schedules a retry, then marks the message failed after the last attempt', async () => {
    const id = await enqueueEmail(t.database.db, { to: 'down@demo.test', subject: 'Retry', text: 'Retry' });
    await t.app.mail.drain();
    expect(await statusOf(t, id)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });

    for (let attempt = 2; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      await sql`update outbox_email set next_attempt_at = now() where id = ${id}`.execute(t.database.ownerDb);
      await t.app.mail.drain();
    }
    expect(await statusOf(t, id)).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
  });
});
