// POST /api/user-icalendar-token-reset (user settings): every signed-in company user makes a
// new private token for their own calendar feed, which stops the old link from working.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { userChannel } from '../../../shared/realtime';
import { ICAL_TOKEN_RESET_PATH, ORGANISATION_RESOURCES, type IcalTokenReset } from '../organisation.contract';
import { setIcalendarToken } from './organisation.queries';

export const icalTokenRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // Own scope is all it needs, and every role has it: the route is open to any signed-in user.
  app.post(ICAL_TOKEN_RESET_PATH, { config: { access: 'authenticated' } }, async (request): Promise<IcalTokenReset> => {
    const session = requireSession(request);
    const companyId = requireCompany(session);
    const token = randomBytes(24).toString('base64url');
    return withTenant(deps.db, companyId, async (trx) => {
      if (!(await setIcalendarToken(trx, { companyId, userId: session.userId, token }))) throw AppError.notFound();
      await auditRequest(trx, request, {
        companyId,
        action: 'user_icalendar_token.reset',
        targetType: 'user',
        targetId: session.userId,
      });
      await publish(trx, {
        channel: userChannel(session.userId),
        event: ORGANISATION_RESOURCES.icalTokenReset,
        invalidates: [ORGANISATION_RESOURCES.icalTokenReset],
        companyId,
      });
      return { token };
    });
  });
};
