// The company a leave-settings or balances request works in, and what every write of this
// part does besides its change: an audit entry and a company-wide realtime invalidation of
// the resources it touched. Callers with a company work in their own; an administrator
// (global scope, no company) names one (`company_id`) or reaches it through the record.
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import { companyChannel } from '../../../shared/realtime';
import { levelFor, type HttpMethod } from '../../../shared/scopes';
import { companyExistsForLeave, companyOfLeaveRow, type LeaveRowTable } from './settings.queries';

export type LeaveCompanyTarget = {
  endpoint: string;
  method: HttpMethod;
  /** A company named by the request (query or body). */
  companyId?: string | undefined;
  record?: { table: LeaveRowTable; id: string };
};

/**
 * The caller's own company; another company named by a caller with one is a 404 (it does
 * not exist for them). Administrators without a company reach any company with global scope.
 */
export async function leaveCompanyFor(context: { session: Session; db: Db }, target: LeaveCompanyTarget): Promise<string> {
  const { session, db } = context;
  if (session.companyId) {
    if (target.companyId !== undefined && target.companyId !== session.companyId) throw AppError.notFound();
    return session.companyId;
  }
  if (levelFor(session.permissions, target.endpoint, target.method) !== 'global') throw AppError.forbidden();
  if (target.record) {
    const record = target.record;
    const companyId = isUuid(record.id) ? await withSystem(db, (trx) => companyOfLeaveRow(trx, record)) : null;
    if (!companyId) throw AppError.notFound();
    return companyId;
  }
  if (target.companyId) {
    const companyId = target.companyId;
    if (!isUuid(companyId) || !(await withSystem(db, (trx) => companyExistsForLeave(trx, companyId)))) throw AppError.notFound();
    return companyId;
  }
  throw AppError.validation({ company_id: ['Please select a company.'] });
}

export async function inLeaveCompany<T>(
  context: { session: Session; db: Db },
  target: LeaveCompanyTarget,
  fn: (trx: Trx, companyId: string) => Promise<T>,
): Promise<T> {
  const companyId = await leaveCompanyFor(context, target);
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

/** A write of this part: audited, then published to the company (src/server/audit/company-write.ts). */
export const recordLeaveWrite = recordCompanyWrite;
export { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
