// Who calls a leave service, and what every leave write tells the company's open screens.
import type { AuditCaller } from '../../../server/audit/audit-entry';
import type { Db, Trx } from '../../../server/db/database';
import { publish } from '../../../server/realtime/publish';
import { companyChannel } from '../../../shared/realtime';

/** Who calls a leave service, and where from (for the audit entries). */
export type LeaveCaller = AuditCaller & { db: Db };

/** Tells every open screen of the company that these resources changed. */
export async function publishLeave(trx: Trx, companyId: string, invalidates: readonly string[]): Promise<void> {
  const [event = 'leave'] = invalidates;
  await publish(trx, { channel: companyChannel(companyId), event, invalidates, companyId });
}
