// Employee records B: employment details, bank-holiday region, job-title history,
// contracts, right-to-work checks (with their reminder), pay rates and working patterns.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { mountEmploymentRecords } from './employment-details.routes';
import { mountHistoryRecords } from './employment-history.routes';

export const employmentRecordsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountEmploymentRecords(app, deps);
  mountHistoryRecords(app, deps);
};
