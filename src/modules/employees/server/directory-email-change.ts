// The one way the directory changes a sign-in e-mail: the identity module's requestEmailChange
// (a recorded deviation from "modules meet only through contracts", like invitations: the
// confirmation link, its token and the e-mails belong there and must not be copied here).
import type { AuditCaller } from '../../../server/audit/audit-entry';
import type { Config } from '../../../server/config';
import type { Trx } from '../../../server/db/database';
// eslint-disable-next-line layers/imports -- e-mail changes are the identity module's; see the note above
import { addressChangedBeforeSetUp, requestEmailChange } from '../../auth/server/email-change.service';

export type EmailChangeDeps = { config: Pick<Config, 'publicOrigin' | 'port'>; wakeMail: () => void };

export async function askNewAddressToConfirm(
  trx: Trx,
  input: { deps: EmailChangeDeps; caller: AuditCaller; companyId: string; userId: string; newEmail: string },
): Promise<void> {
  const { session, source } = input.caller;
  await requestEmailChange(trx, {
    config: input.deps.config,
    companyId: input.companyId,
    userId: input.userId,
    newEmail: input.newEmail,
    requestedBy: { userId: session.userId, impersonatorId: session.impersonatorId },
    source,
  });
}

/** Someone not yet set up: the address changes at once, and links sent to the old one stop working. */
export async function forgetOldAddressLinks(trx: Trx, userId: string): Promise<void> {
  await addressChangedBeforeSetUp(trx, userId);
}
