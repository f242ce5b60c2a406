// Leave and absences: one plugin mounting the module's parts.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import './leave-tables';
import { mountAbsences } from './absences.routes';
import { mountBalances } from './balances.routes';
import { mountInsights } from './insights.routes';
import { mountReturnToWork } from './return-to-work.routes';
import { mountLeaveSettings } from './settings.routes';

export const leaveRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountLeaveSettings(app, deps);
  mountBalances(app, deps);
  mountAbsences(app, deps);
  mountReturnToWork(app, deps);
  mountInsights(app, deps);
};
