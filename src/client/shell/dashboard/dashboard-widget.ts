import type { ComponentType } from 'react';

/** A card on the dashboard, contributed by the shell or a module. */
export type DashboardWidget = {
  key: string;
  /** Lower comes first. */
  order: number;
  component: ComponentType;
  /** Hidden in restricted (docs-only) mode unless it says otherwise. */
  allowedWhenRestricted?: boolean;
};
