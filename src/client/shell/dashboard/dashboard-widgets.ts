// The dashboard's widgets as a registry (DESIGN §5): each module adds its widget here when it
// lands (leave balances, today's rota, documents to sign…), in the order given.
import type { ComponentType } from 'react';
import { DashboardAlerts } from './dashboard-alerts';
import { NeedsYourAction } from './needs-your-action';
import { AwaitingMeWidget } from '../../../modules/leave/client/widgets/awaiting-me-widget';
import { MyBalanceWidget } from '../../../modules/leave/client/widgets/my-balance-widget';
import { WhosOffWidget } from '../../../modules/leave/client/widgets/whos-off-widget';

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
  { key: 'leave-awaiting-me', order: 30, component: AwaitingMeWidget },
  { key: 'leave-my-balance', order: 40, component: MyBalanceWidget },
  { key: 'leave-whos-off', order: 50, component: WhosOffWidget },
];

export function dashboardWidgets(restricted: boolean, widgets: readonly DashboardWidget[] = DASHBOARD_WIDGETS): DashboardWidget[] {
  return widgets.filter((widget) => !restricted || widget.allowedWhenRestricted).sort((a, b) => a.order - b.order);
}
