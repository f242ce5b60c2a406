// The company a leave-settings or balances request works in, and what every write of this
// part does besides its change: an audit entry and a company-wide realtime invalidation of
// the resources it touched. Callers work in their own company, whatever a request names.
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { requireOwnCompany, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { companyChannel } from '../../../shared/realtime';

export type LeaveCompanyTarget = {
  /** A company named by the request (query or body). */
  companyId?: string | undefined;
};

/**
 * The caller's own company; another company named by the request is a 404 (it does not exist
 * for them). A caller of no company (an administrator) is refused: they reach a company's leave
 * settings only as an impersonated session of that company.
 */
export function leaveCompanyFor(context: { session: Session }, target: LeaveCompanyTarget): string {
  return requireOwnCompany(context.session, target.companyId, 'not_found');
}

export async function inLeaveCompany<T>(
  context: { session: Session; db: Db },
  target: LeaveCompanyTarget,
  fn: (trx: Trx, companyId: string) => Promise<T>,
): Promise<T> {
  const companyId = leaveCompanyFor(context, target);
  return withTenant(context.db, companyId, (trx) => fn(trx, companyId));
}

/** The `company_id` a body or query names, when it names one. */
export const namedCompany = (input: unknown): string | undefined => {
  const value = typeof input === 'object' && input !== null ? (input as { company_id?: unknown }).company_id : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** Tells every open screen of the company that these resources changed. */
export async function publishLeave(trx: Trx, companyId: string, invalidates: readonly string[]): Promise<void> {
  const [event = 'leave'] = invalidates;
  await publish(trx, { channel: companyChannel(companyId), event, invalidates, companyId });
}

/** Who calls a leave service, and where from (for the audit entries). */
export type LeaveCaller = { db: Db; session: Session; source: AuditSource };

export type LeaveWrite = {
  caller: Pick<LeaveCaller, 'session' | 'source'>;
  companyId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Resource names to refetch; the first names the event. */
  invalidates: readonly string[];
  details?: Record<string, unknown>;
};

/** A write of this part: audited, then published to the company. */
export async function recordLeaveWrite(trx: Trx, input: LeaveWrite): Promise<void> {
  const { session, source } = input.caller;
  await recordAudit(trx, {
    ...source,
    actorId: session.userId,
    impersonatorId: session.impersonatorId,
    companyId: input.companyId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    details: input.details ?? null,
  });
  const [event = input.targetType] = input.invalidates;
  await publish(trx, { channel: companyChannel(input.companyId), event, invalidates: input.invalidates, companyId: input.companyId });
}
export { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
