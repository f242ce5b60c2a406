import type { ComponentType } from 'react';
import type { QueryRead } from '../../api/read-batch';

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
  /**
   * The queries the card reads on its first render, with the options it reads them with (none
   * for a session that may not): the dashboard's loader starts every card's reads as one request
   * (dashboard-reads.ts), and the card renders from what that brought.
   */
  reads?: (props: DashboardWidgetProps) => readonly QueryRead[];
};
