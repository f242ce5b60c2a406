// The one way the directory invites someone: the identity module's inviteUser (a recorded
// deviation from "modules meet only through contracts": onboarding's link, token and e-mail
// belong there, and adding or bulk-inviting people must not copy them).
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import type { Session } from '../../../server/plugins/request-context';
import type { Scope } from '../../../shared/scopes';
// eslint-disable-next-line no-restricted-imports -- inviting is the identity module's; see the note above
import { inviteUser, inviterOf } from '../../auth/server/onboarding.service';

export async function inviteEmployee(options: {
  deps: AppDeps;
  request: FastifyRequest;
  session: Session;
  scope: Scope;
  companyId: string;
  userId: string;
}): Promise<void> {
  const { deps, request, session, scope, companyId, userId } = options;
  await inviteUser({
    deps: { config: deps.config, db: deps.db, mail: deps.mail },
    companyId,
    userId,
    invitedBy: inviterOf(session, scope),
    source: auditSourceOf(request),
  });
}
