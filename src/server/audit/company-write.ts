// What every company-settings write does besides its change: an audit entry, and a
// company-wide realtime event so every open screen refetches the resources it touched.
import type { Trx } from '../db/database';
import { publish } from '../realtime/publish';
import { companyChannel } from '../../shared/realtime';
import { auditCaller, type AuditCaller } from './audit-entry';

export type CompanyWrite = {
  caller: AuditCaller;
  companyId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Resource names to refetch; the first names the event. */
  invalidates: readonly string[];
  details?: Record<string, unknown>;
};

export async function recordCompanyWrite(trx: Trx, input: CompanyWrite): Promise<void> {
  await auditCaller(trx, input.caller, {
    companyId: input.companyId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    details: input.details ?? null,
  });
  const [event = input.targetType] = input.invalidates;
  await publish(trx, { channel: companyChannel(input.companyId), event, invalidates: input.invalidates, companyId: input.companyId });
}
