// The audit entry of what a signed-in caller did: every entry written for a request carries
// the caller, the administrator behind an impersonated session, the address and user agent.
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../db/database';
import { requireSession, type Session } from '../plugins/request-context';
import { auditSourceOf } from './audit-source';
import { recordAudit, type AuditEntry, type AuditSource } from './audit.queries';

/** What the entry is about: the company it belongs to, the verb, the target and its details. */
export type AuditFacts = Pick<AuditEntry, 'companyId' | 'action' | 'targetType' | 'targetId' | 'details'>;

/** Who did it, and from where: a service's caller carries both, taken from the request by its route. */
export type AuditCaller = { session: Session; source: AuditSource };

/** The caller of a signed-in request, as a service takes it. */
export const auditCallerOf = (request: FastifyRequest): AuditCaller => ({
  session: requireSession(request),
  source: auditSourceOf(request),
});

export function callerAuditEntry(caller: AuditCaller, facts: AuditFacts): AuditEntry {
  const { session, source } = caller;
  return { ...source, actorId: session.userId, impersonatorId: session.impersonatorId, ...facts };
}

/** Adds the caller's entry in the transaction of the change it records (see recordAudit). */
export function auditCaller(db: DbOrTrx, caller: AuditCaller, facts: AuditFacts): Promise<void> {
  return recordAudit(db, callerAuditEntry(caller, facts));
}

export function auditEntry(request: FastifyRequest, facts: AuditFacts): AuditEntry {
  return callerAuditEntry(auditCallerOf(request), facts);
}

/** As auditCaller, for the request's caller. */
export function auditRequest(db: DbOrTrx, request: FastifyRequest, facts: AuditFacts): Promise<void> {
  return recordAudit(db, auditEntry(request, facts));
}
