// The audit entry of what a signed-in caller did: every entry written for a request carries
// the caller, the administrator behind an impersonated session, the address and user agent.
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../db/database';
import { requireSession } from '../plugins/request-context';
import { auditSourceOf } from './audit-source';
import { recordAudit, type AuditEntry } from './audit.queries';

/** What the entry is about: the company it belongs to, the verb, the target and its details. */
export type AuditFacts = Pick<AuditEntry, 'companyId' | 'action' | 'targetType' | 'targetId' | 'details'>;

export function auditEntry(request: FastifyRequest, facts: AuditFacts): AuditEntry {
  const session = requireSession(request);
  return { ...auditSourceOf(request), actorId: session.userId, impersonatorId: session.impersonatorId, ...facts };
}

/** Adds the caller's entry in the transaction of the change it records (see recordAudit). */
export function auditRequest(db: DbOrTrx, request: FastifyRequest, facts: AuditFacts): Promise<void> {
  return recordAudit(db, auditEntry(request, facts));
}
