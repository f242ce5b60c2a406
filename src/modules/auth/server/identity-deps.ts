// What the identity services need from the app: configuration, the database, the mail
// outbox's wake-up and a text-message sender.
import type { AppDeps } from '../../../server/app-deps';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { createLoggingSmsSender, type SmsSender } from '../../../server/sms/sms-sender';

export type IdentityDeps = Pick<AppDeps, 'config' | 'db'> & { mail: Pick<MailDispatcher, 'wake'>; sms: SmsSender };

export function identityDepsOf(deps: AppDeps): IdentityDeps {
  return { config: deps.config, db: deps.db, mail: deps.mail, sms: deps.sms ?? createLoggingSmsSender(deps.logger) };
}
