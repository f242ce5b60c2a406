// Every API request made in an impersonated session is recorded in the company's audit log
// with the administrator behind it ("every action is audited with the
// impersonator"), reads included, so a company sees all that support did as one of its people.
import type { FastifyInstance } from 'fastify';
import { withTenant, type Db } from '../db/database';
import { auditRequest } from './audit-entry';

// Written before the answer leaves (onSend), so the entry exists by the time the client
// sees the response; impersonated requests are rare enough that the wait does not matter.
export function registerImpersonationAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply) => {
    const session = request.session;
    if (!session?.impersonatorId || !session.companyId) return;
    try {
      await withTenant(db, session.companyId, (trx) =>
        auditRequest(trx, request, {
          companyId: session.companyId,
          action: 'impersonation.request',
          targetType: 'route',
          targetId: null,
          details: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
        }),
      );
    } catch (error) {
      request.log.error({ err: error }, 'could not record an impersonated request in the audit log');
    }
  });
}
