// Renders a component the way the app does, for component tests: Mantine (without
// transitions), the toasts' container, a query client, and a memory router whose root shows
// `ui` at any path, so links and tabs can move between addresses; and the mock API of the tests.
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { setupServer, type SetupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { TOAST_TIMEOUT_MS } from '../../shared/constants';
import { createQueryClient } from '../api/query-client';

// jsdom has no scrolling; the router scrolls to the top after each navigation.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui, notFoundComponent: () => null }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = createQueryClient();
  const result = render(
    <MantineProvider env="test">
      <Notifications autoClose={TOAST_TIMEOUT_MS} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * The file's stand-in for the server (msw): a request with no handler fails the test; after
 * each test the handlers are reset and the toasts removed.
 */
export function mockApi(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    act(() => notifications.clean());
  });
  afterAll(() => server.close());
  return server;
}
