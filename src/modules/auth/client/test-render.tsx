// Renders a component the way the app does (Mantine, a query client, a router around it), for
// component tests. The router is a memory router whose only route shows `ui`.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../client/api/query-client';

// jsdom has no scrolling; the router scrolls to the top after each navigation.
window.scrollTo = () => undefined;

export function renderInApp(ui: ReactNode, { path = '/login' }: { path?: string } = {}) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = createQueryClient();
  const result = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
