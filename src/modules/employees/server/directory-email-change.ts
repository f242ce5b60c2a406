// The one way the directory changes a sign-in e-mail: the identity module's, through its
// `identity` offer (module-hooks.ts) — the confirmation link, its token and the e-mails belong
// there and are not copied here.
import type { AppDeps } from '../../../server/app-deps';
import type { AuditCaller } from '../../../server/audit/audit-entry';
import type { Config } from '../../../server/config';
import type { Trx } from '../../../server/db/database';
import { identityOf } from '../../../server/module-hooks';

export type EmailChangeDeps = { config: Pick<Config, 'publicOrigin' | 'port'>; modules: AppDeps['modules']; wakeMail: () => void };

export async function askNewAddressToConfirm(
  trx: Trx,
  input: { deps: EmailChangeDeps; caller: AuditCaller; companyId: string; userId: string; newEmail: string },
): Promise<void> {
  const { session, source } = input.caller;
  await identityOf(input.deps.modules).requestEmailChange(trx, {
    config: input.deps.config,
    companyId: input.companyId,
    userId: input.userId,
    newEmail: input.newEmail,
    requestedBy: { userId: session.userId, impersonatorId: session.impersonatorId },
    source,
  });
}

/** Someone not yet set up: the address changes at once, and links sent to the old one stop working. */
export async function forgetOldAddressLinks(trx: Trx, deps: EmailChangeDeps, userId: string): Promise<void> {
  await identityOf(deps.modules).addressChangedBeforeSetUp(trx, userId);
}
