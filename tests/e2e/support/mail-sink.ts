// The e2e runs' mail: a real SMTP sink (tests/support/smtp-sink.ts) started by Playwright's
// global setup on the port the server under test was given as SMTP_URL, and a small HTTP
// endpoint beside it from which the tests (in other processes) read what arrived.
import http from 'node:http';
import { expect } from '@playwright/test';
import { startSmtpSink } from '../../support/smtp-sink';

export type SinkMail = { from: string; to: string[]; raw: string; text: string };

/** Quoted-printable soft line breaks and escapes undone, so links and codes read whole. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Starts the sink on E2E_SMTP_PORT and its reader on E2E_MAIL_PORT; resolves with what stops both. */
export async function startMailSink(): Promise<() => Promise<void>> {
  const sink = await startSmtpSink({ port: Number(process.env.E2E_SMTP_PORT) });
  const reader = http.createServer((_request, response) => {
    const mail: SinkMail[] = sink.messages.map((message) => ({ ...message, text: decodeQuotedPrintable(message.raw) }));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mail));
  });
  await new Promise<void>((resolve) => reader.listen(Number(process.env.E2E_MAIL_PORT), '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => reader.close(() => resolve()));
    await sink.close();
  };
}

async function receivedMail(): Promise<SinkMail[]> {
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_MAIL_PORT}/`);
  return (await response.json()) as SinkMail[];
}

/** Waits for a message to `to` whose text matches `pattern` and that was not in `seen`; answers the first match group. */
export async function waitForMail(options: { to: string; pattern: RegExp; after?: number }): Promise<{ match: string; count: number }> {
  let found: { match: string; count: number } | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await receivedMail()).filter((message) => message.to.includes(options.to));
        const fresh = mail.slice(options.after ?? 0);
        const match = fresh.map((message) => options.pattern.exec(message.text)?.[1]).find(Boolean);
        found = match ? { match, count: mail.length } : undefined;
        return Boolean(found);
      },
      { timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  if (!found) throw new Error(`No mail to ${options.to} matching ${String(options.pattern)}`);
  return found;
}

/** How many messages `to` has received so far (pass it as `after` to wait for the next one). */
export async function mailCount(to: string): Promise<number> {
  return (await receivedMail()).filter((message) => message.to.includes(to)).length;
}
