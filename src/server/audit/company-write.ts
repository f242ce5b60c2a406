// What every company-settings write does besides its change: an audit entry, and a
// company-wide realtime event so every open screen refetches the resources it touched.
import type { FastifyRequest } from 'fastify';
import type { Trx } from '../db/database';
import type { Session } from '../plugins/request-context';
import { publish } from '../realtime/publish';
import { companyChannel } from '../../shared/realtime';
import { auditRequest } from './audit-entry';

export type CompanyWrite = {
  request: FastifyRequest;
  /** Not read: the entry's caller is the request's. */
  session?: Session;
  companyId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Resource names to refetch; the first names the event. */
  invalidates: readonly string[];
  details?: Record<string, unknown>;
};

export async function recordCompanyWrite(trx: Trx, input: CompanyWrite): Promise<void> {
  await auditRequest(trx, input.request, {
    companyId: input.companyId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    details: input.details ?? null,
  });
  const [event = input.targetType] = input.invalidates;
  await publish(trx, { channel: companyChannel(input.companyId), event, invalidates: input.invalidates, companyId: input.companyId });
}
