import type { FastifyRequest } from 'fastify';
import type { AuditSource } from './audit.queries';

// A user agent is the client's to choose: kept, but never at any length it likes.
const USER_AGENT_MAX = 512;

/** The request's address (as trustProxy decides it) and user agent, for audit entries. */
export function auditSourceOf(request: FastifyRequest): AuditSource {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null };
}
