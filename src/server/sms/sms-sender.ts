// Text messages (two-factor codes) go through this small interface so that a provider can be
// plugged in (AppDeps.sms) without touching the code that sends them.
import type { Logger } from 'pino';

export type SmsMessage = { to: string; text: string };

export type SmsSender = { send: (message: SmsMessage) => Promise<void> };

/**
 * The default with no provider configured: it notes in the log that a message would have
 * gone, with the number masked and without the text, since the text is a sign-in code and
 * a log is no place to keep one. Two-factor by mobile therefore needs a provider.
 */
export function createLoggingSmsSender(logger: Pick<Logger, 'warn'>): SmsSender {
  return {
    send: async ({ to }) => {
      logger.warn({ to: `${'*'.repeat(Math.max(0, to.length - 4))}${to.slice(-4)}` }, 'SMS not sent: no SMS provider is configured');
    },
  };
}
