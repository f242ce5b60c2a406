// GET /api/pending-count: every key of the contract, counted in the caller's
// company scope in one transaction. Administrators have no company and nothing to approve.
// Asked on every page and after every realtime event, it is a versioned read: counted once per
// company data version (and London day) for each caller, a 304 when nothing changed.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { withTenant } from '../db/database';
import { collectPendingCounters, countPending, zeroPendingCount } from './pending-count.registry';
import { requireSession } from '../plugins/request-context';
import { dashboardPaths, type PendingCount } from '../../shared/pending-count.contract';

export const pendingCountRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const counters = collectPendingCounters(deps.modules);
  app.get(
    dashboardPaths.pendingCount,
    { config: { access: 'authenticated', versionedRead: true } },
    async (request): Promise<PendingCount> => {
      const session = requireSession(request);
      const companyId = session.companyId;
      // No counter registered: nothing to ask the database.
      if (companyId === null || counters.size === 0) return zeroPendingCount();
      return withTenant(deps.db, companyId, (trx) => countPending(counters, { trx, session }));
    },
  );
};
