// The one way the directory invites someone: the identity module's inviteUser (a recorded
// deviation from "modules meet only through contracts": onboarding's link, token and e-mail
// belong there, and adding or bulk-inviting people must not copy them).
import type { AppDeps } from '../../../server/app-deps';
import type { AuditCaller } from '../../../server/audit/audit-entry';
import type { Scope } from '../../../shared/scopes';
// eslint-disable-next-line layers/imports -- inviting is the identity module's; see the note above
import { inviteUser, inviterOf } from '../../auth/server/onboarding.service';

export async function inviteEmployee(options: {
  deps: Pick<AppDeps, 'config' | 'db' | 'mail'>;
  caller: AuditCaller;
  scope: Scope;
  companyId: string;
  userId: string;
}): Promise<void> {
  const { deps, caller, scope, companyId, userId } = options;
  await inviteUser({
    deps: { config: deps.config, db: deps.db, mail: deps.mail },
    companyId,
    userId,
    invitedBy: inviterOf(caller.session, scope),
    source: caller.source,
  });
}
