// Two things every write of an employment or personal record does besides its own work: finding whose record an id
// is (so the person's own scope checks apply, and another company's record is a 404), and
// telling the audit trail and every open app of the company about the change.
import type { AuditCaller } from '../../../server/audit/audit-entry';
import type { Db } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { companyChannel } from '../../../shared/realtime';
import type { HttpMethod } from '../../../shared/scopes';
import { withRecordPerson, type PersonContext } from '../../../server/http/person-access';
import { auditPerson } from './person-access';
import { findRecordOwner, type RecordTable } from './employment-records.queries';

/**
 * Runs `fn` on the person record `id` belongs to, as `withPerson` does; undefined (a 404) when
 * the caller's company has no such record.
 */
export function withRecordOwner<T>(
  db: Db,
  input: { session: Session; table: RecordTable; id: string; endpoint: string; method: HttpMethod },
  fn: (context: PersonContext) => Promise<T>,
): Promise<T | undefined> {
  const { table, id } = input;
  return withRecordPerson(db, { ...input, ownerOf: (trx, companyId) => findRecordOwner(trx, { table, id, companyId }) }, fn);
}

/**
 * Audits a write to the person's record (`action` like "user_contract.created") and tells the
 * company's open apps which resources to refetch. The event carries no personal data.
 */
export async function announceWrite(
  caller: AuditCaller,
  context: PersonContext,
  input: { resource: string; action: string; invalidates?: readonly string[]; details?: Record<string, unknown> },
): Promise<void> {
  await auditPerson(caller, context, input.action, input.details);
  const companyId = context.subject.companyId;
  await publish(context.trx, {
    channel: companyChannel(companyId),
    event: input.resource,
    invalidates: [...new Set([input.resource, ...(input.invalidates ?? [])])],
    companyId,
  });
}
