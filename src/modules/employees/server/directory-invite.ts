// The one way the directory invites someone: the identity module's, through its `identity`
// offer (module-hooks.ts) — a recorded invitation whose link, token and e-mail belong there,
// so adding or bulk-inviting people does not copy them.
import type { AppDeps } from '../../../server/app-deps';
import type { AuditCaller } from '../../../server/audit/audit-entry';
import { identityOf } from '../../../server/module-hooks';
import type { Scope } from '../../../shared/scopes';

export async function inviteEmployee(options: {
  deps: Pick<AppDeps, 'config' | 'db' | 'mail' | 'modules'>;
  caller: AuditCaller;
  scope: Scope;
  companyId: string;
  userId: string;
}): Promise<void> {
  const { deps, caller, scope, companyId, userId } = options;
  await identityOf(deps.modules).invite({
    deps: { config: deps.config, db: deps.db, mail: deps.mail },
    companyId,
    userId,
    invitedBy: { ...caller.session, scope },
    source: caller.source,
  });
}
