// The dashboard's cards: the shell's (what needs your action) and every registered module's,
// in their order.
import { useMemo } from 'react';
import type { ClientModule } from '../client-module';
import { useClientModules } from '../client-modules';
import type { DashboardWidget } from './dashboard-widget';
import { NeedsYourAction, needsYourActionReads } from './needs-your-action';

/** The shell's cards and those of `modules`. */
export function collectWidgets(modules: readonly ClientModule[]): DashboardWidget[] {
  return [
    { key: 'needs-your-action', order: 20, component: NeedsYourAction, allowedWhenRestricted: true, reads: needsYourActionReads },
    ...modules.flatMap((module) => module.widgets ?? []),
  ];
}

export function dashboardWidgets(restricted: boolean, widgets: readonly DashboardWidget[]): DashboardWidget[] {
  return widgets.filter((widget) => !restricted || widget.allowedWhenRestricted).sort((a, b) => a.order - b.order);
}

/** The dashboard's cards for this session, from the app's modules. */
export function useDashboardWidgets(restricted: boolean): DashboardWidget[] {
  const modules = useClientModules();
  return useMemo(() => dashboardWidgets(restricted, collectWidgets(modules)), [modules, restricted]);
}
