// A signing step's line in the document's evidence trail: what happened, to which version, by
// whom (and who was acting for them) and from where.
import type { AuditCaller } from '../../../server/audit/audit-entry';
import type { Trx } from '../../../server/db/database';
import { actorFacts } from './signing-view';
import { appendTrail } from './signing.queries';

export async function trail(
  trx: Trx,
  caller: AuditCaller,
  facts: {
    companyId: string;
    documentId: string;
    requestId: string | null;
    event: Parameters<typeof appendTrail>[1]['event'];
    sha256: string | null;
    detail?: string;
  },
) {
  await appendTrail(trx, {
    ...facts,
    ...(await actorFacts(trx, { userId: caller.session.userId, impersonatorId: caller.session.impersonatorId, source: caller.source })),
  });
}
