// Expenses: one plugin mounting the module's parts.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import './expense-tables';
import { mountClaims } from './claims.routes';
import { mountExpenseTypes } from './expense-types.routes';
import { mountReceipts } from './receipts.routes';
import { restoreDemoReceipts } from './demo-receipts';

export const expensesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountExpenseTypes(app, deps);
  mountClaims(app, deps);
  mountReceipts(app, deps);
  // The demo seed records its receipts before file storage exists; their bytes are written here.
  app.addHook('onReady', async () => {
    await restoreDemoReceipts(deps.db, app.fileStorage).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not write the demo receipts'),
    );
  });
};
