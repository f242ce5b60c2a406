// Employee records B (issue 6): employment details, bank-holiday region, job-title history,
// contracts, right-to-work checks (with their reminder), pay rates and working patterns.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app';
import { mountEmploymentRecords } from './records-b-employment.routes';
import { mountHistoryRecords } from './records-b-history.routes';

export const recordsBRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  mountEmploymentRecords(app);
  mountHistoryRecords(app);
};
