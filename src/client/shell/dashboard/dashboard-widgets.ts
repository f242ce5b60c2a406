// The dashboard's cards: the shell's (alerts, what needs your action) and every registered
// module's, in their order.
import { clientModules } from '../../../app/client/modules';
import type { ClientModule } from '../client-module';
import { DashboardAlerts } from '../../../modules/alerts/client/dashboard-alerts';
import type { DashboardWidget } from './dashboard-widget';
import { NeedsYourAction } from './needs-your-action';

/** The shell's cards and those of `modules`. */
export function collectWidgets(modules: readonly ClientModule[]): DashboardWidget[] {
  return [
    { key: 'alerts', order: 10, component: DashboardAlerts, allowedWhenRestricted: true },
    { key: 'needs-your-action', order: 20, component: NeedsYourAction, allowedWhenRestricted: true },
    ...modules.flatMap((module) => module.widgets ?? []),
  ];
}

export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = collectWidgets(clientModules);

export function dashboardWidgets(restricted: boolean, widgets: readonly DashboardWidget[] = DASHBOARD_WIDGETS): DashboardWidget[] {
  return widgets.filter((widget) => !restricted || widget.allowedWhenRestricted).sort((a, b) => a.order - b.order);
}
