// The dashboard's widgets as a registry (DESIGN §5): each module adds its widget here when it
// lands (leave balances, today's rota, documents to sign…), in the order given.
import type { ComponentType } from 'react';
import { DashboardAlerts } from './dashboard-alerts';
import { NeedsYourAction } from './needs-your-action';

export type DashboardWidget = {
  key: string;
  /** Lower comes first. */
  order: number;
  component: ComponentType;
  /** Hidden in restricted (docs-only) mode unless it says otherwise. */
  allowedWhenRestricted?: boolean;
};

export const DASHBOARD_WIDGETS: DashboardWidget[] = [
  { key: 'alerts', order: 10, component: DashboardAlerts, allowedWhenRestricted: true },
  { key: 'needs-your-action', order: 20, component: NeedsYourAction, allowedWhenRestricted: true },
];

export function dashboardWidgets(restricted: boolean, widgets: readonly DashboardWidget[] = DASHBOARD_WIDGETS): DashboardWidget[] {
  return widgets.filter((widget) => !restricted || widget.allowedWhenRestricted).sort((a, b) => a.order - b.order);
}
