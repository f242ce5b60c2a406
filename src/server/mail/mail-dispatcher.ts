// Sends what the outbox holds: over SMTP when SMTP_URL is set, otherwise into the log (the
// development mailbox: the row is marked "logged" and its body cleared, as for a sent one).
// Failed sends are retried with growing delays, then marked failed; messages that waited 24
// hours unsent are marked expired. Nothing is dropped silently.
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { claimDueEmails, expireUnsentEmails, markEmailDelivered, markEmailFailed } from './mail.queries';

export const MAX_EMAIL_ATTEMPTS = 6;
const BATCH = 20;

export type MailDispatcher = {
  wake: () => void;
  drain: () => Promise<void>;
  stop: () => Promise<void>;
  /** Connects to the SMTP server and signs in (rejects saying why it could not); false when there is no SMTP_URL (the log is the mailbox). */
  check: () => Promise<boolean>;
};

export function createMailDispatcher(options: {
  db: Db;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  intervalMs: number;
}): MailDispatcher {
  const { db, logger } = options;
  // The SMTP client is loaded only when SMTP is configured, and then before the first send.
  const smtpUrl = options.smtpUrl;
  const transporter: Promise<Transporter> | null = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
    : null;
  let transport: Transporter | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function sendDue(): Promise<void> {
    // One indexed update over the few pending rows, so every pass does it.
    const expired = await expireUnsentEmails(db);
    if (expired > 0) logger.warn({ expired }, 'E-mail expired unsent after 24 hours: the bodies were cleared');
    for (;;) {
      const batch = await claimDueEmails(db, BATCH);
      for (const email of batch) {
        try {
          if (transporter) {
            transport ??= await transporter;
            await transport.sendMail({
              from: options.from,
              to: email.to_address,
              subject: email.subject,
              text: email.text_body,
              ...(email.html_body ? { html: email.html_body } : {}),
            });
            await markEmailDelivered(db, { id: email.id, status: 'sent' });
          } else {
            logger.info(
              { to: email.to_address, subject: email.subject, text: email.text_body },
              'E-mail (no SMTP_URL: this log is the mailbox)',
            );
            await markEmailDelivered(db, { id: email.id, status: 'logged' });
          }
        } catch (error) {
          const finalAttempt = email.attempts >= MAX_EMAIL_ATTEMPTS;
          logger.warn(
            { err: error, to: email.to_address, attempt: email.attempts },
            finalAttempt ? 'E-mail failed for good' : 'E-mail failed: will retry',
          );
          await markEmailFailed(db, { id: email.id, error: String(error), retryInSeconds: finalAttempt ? null : 30 * 2 ** email.attempts });
        }
      }
      if (batch.length < BATCH || stopped) return;
    }
  }

  /** Runs one pass unless one is running already; a pass that fails is logged and retried on the next tick. */
  function drain(): Promise<void> {
    running ??= sendDue()
      .catch((error: unknown) => logger.error({ err: error }, 'Mail dispatcher pass failed'))
      .finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void drain(), options.intervalMs);
  timer.unref();
  return {
    wake: () => void drain(),
    drain,
    check: async () => {
      if (!transporter) return false;
      transport ??= await transporter;
      await transport.verify();
      return true;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}
