// A real SMTP server for tests: mail the product sends over SMTP_URL lands here.
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../src/server/db/embedded-postgres';
import type { MailDispatcher } from '../../src/server/mail/mail-dispatcher';
import { mailText } from './identity-fixtures';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpSink = {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` (matching `pattern`, when given) received so far or later. */
  waitFor: (options: { to: string; pattern?: RegExp; timeoutMs?: number }) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

/** Listens on 127.0.0.1, on `port` when given (a server told SMTP_URL before the sink started), else on a free one. */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const find = (to: string, pattern?: RegExp) => messages.find((m) => m.to.includes(to) && (!pattern || pattern.test(m.raw)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: async ({ to, pattern, timeoutMs = 10_000 }) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to, pattern);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type DeliveredMail = { to: string[]; subject: string; text: string };

/**
 * What the app's outbox delivered to the sink for `to` (every address when unset), once the
 * dispatcher has run a pass that started now: the outbox keeps no body after sending, so
 * tests read what was sent here.
 */
export async function deliveredMail(mail: Pick<MailDispatcher, 'drain'>, sink: SmtpSink, to?: string): Promise<DeliveredMail[]> {
  await mail.drain();
  await mail.drain();
  return sink.messages
    .filter((message) => to === undefined || message.to.includes(to))
    .map((message) => {
      const headers = message.raw.slice(0, message.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      return {
        to: message.to,
        subject: /^subject: (.*)$/im.exec(headers)?.[1] ?? '',
        text: mailText(message.raw).replace(/\r\n/g, '\n').replace(/\n$/, ''),
      };
    });
}
