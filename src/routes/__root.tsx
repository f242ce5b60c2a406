import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../client/router-context';
import { NotFoundPage } from '../client/shell/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
