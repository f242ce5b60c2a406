// The dashboard's data, started with its code: each card names the queries it reads on its first
// render (DashboardWidget.reads), and the dashboard route's loader starts them all as one request
// (GET /api/batch) instead of each card asking when it mounts. The cards read the same keys, so
// they render from what the batch brought, and the persisted cache keeps it as before.
import type { QueryClient } from '@tanstack/react-query';
import { startReadsTogether } from '../../api/read-batch';
import { readSessionFlags } from '../../auth/session-store';
import type { ClientModule } from '../client-module';
import { collectWidgets, dashboardWidgets } from './dashboard-widgets';

/**
 * Starts every card's first reads for this session in one batch. Returns nothing: the dashboard
 * is never replaced by the offline page for a card whose data is not on the device.
 */
export function startDashboardReads(queryClient: QueryClient, modules: readonly ClientModule[]): void {
  const restricted = readSessionFlags().docsOnly;
  const reads = dashboardWidgets(restricted, collectWidgets(modules)).flatMap((widget) => widget.reads?.({ restricted }) ?? []);
  startReadsTogether(queryClient, reads);
}
