import type { ComponentType } from 'react';

/** What the dashboard tells each card: whether the session is docs-only (restricted mode). */
export type DashboardWidgetProps = { restricted: boolean };

/** A card on the dashboard, contributed by the shell or a module. */
export type DashboardWidget = {
  key: string;
  /** Lower comes first. */
  order: number;
  component: ComponentType<DashboardWidgetProps>;
  /** Hidden in restricted (docs-only) mode unless it says otherwise. */
  allowedWhenRestricted?: boolean;
};
