// Two things every write of records B does besides its own work: finding whose record an id
// is (so the person's own scope checks apply, and another company's record is a 404), and
// telling the audit trail and every open app of the company about the change.
import type { FastifyRequest } from 'fastify';
import { withTenant, type Db } from '../../../server/db/database';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { companyChannel } from '../../../shared/realtime';
import { levelFor, type HttpMethod } from '../../../shared/scopes';
import { auditPerson, withPerson, type PersonContext } from './person-access';
import { findRecordOwner, type RecordTable } from './employment-records.queries';

/**
 * Runs `fn` on the person record `id` belongs to, as `withPerson` does; undefined (a 404) when
 * the caller's company has no such record.
 */
export async function withRecordOwner<T>(
  db: Db,
  input: { session: Session; table: RecordTable; id: string; endpoint: string; method: HttpMethod },
  fn: (context: PersonContext) => Promise<T>,
): Promise<T | undefined> {
  const { session, table, id } = input;
  const level = levelFor(session.permissions, input.endpoint, input.method);
  if (level === null) throw AppError.forbidden();
  const companyId = requireCompany(session);
  const owner = await withTenant(db, companyId, (trx) => findRecordOwner(trx, { table, id, companyId }));
  if (!owner) return undefined;
  return withPerson(db, { session, userId: owner, endpoint: input.endpoint, method: input.method }, fn);
}

/**
 * Audits a write to the person's record (`action` like "user_contract.created") and tells the
 * company's open apps which resources to refetch. The event carries no personal data.
 */
export async function announceWrite(
  request: FastifyRequest,
  context: PersonContext,
  input: { resource: string; action: string; invalidates?: readonly string[]; details?: Record<string, unknown> },
): Promise<void> {
  await auditPerson(request, context, input.action, input.details);
  const companyId = context.subject.companyId;
  await publish(context.trx, {
    channel: companyChannel(companyId),
    event: input.resource,
    invalidates: [...new Set([input.resource, ...(input.invalidates ?? [])])],
    companyId,
  });
}
