// Renders a component the way the app does, for component tests: Mantine (without
// transitions), the toasts' container, a query client, and a memory router whose root shows
// `ui` at any path, so links and tabs can move between addresses; or one file route as the
// app's router runs it (search, loader, component); and the mock API of the tests.
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { setupServer, type SetupServer } from 'msw/node';
import { Profiler, type ReactElement, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { TOAST_TIMEOUT_MS } from '../../shared/constants';
import { createQueryClient } from '../api/query-client';
import type { RouterContext } from '../router-context';

// jsdom has no scrolling; the router scrolls to the top after each navigation.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.scrollTo ??= () => undefined;

/** `ui` under React's Profiler, and the phases React has drawn it in since ("mount", "update", "nested-update"). */
export function countingDrawings(ui: ReactNode): { element: ReactElement; drawings: string[] } {
  const drawings: string[] = [];
  return {
    element: (
      <Profiler id="counted" onRender={(_id, phase) => drawings.push(phase)}>
        {ui}
      </Profiler>
    ),
    drawings,
  };
}

export function renderWithApp(
  ui: ReactNode,
  { path = '/', queryClient = createQueryClient() }: { path?: string; queryClient?: ReturnType<typeof createQueryClient> } = {},
) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui, notFoundComponent: () => null }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { ...renderRouter(router, queryClient), router, queryClient };
}

function renderRouter(router: AnyRouter, queryClient: ReturnType<typeof createQueryClient>) {
  return render(
    <MantineProvider env="test">
      <Notifications autoClose={TOAST_TIMEOUT_MS} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type FileRouteLike = { options: object };

/**
 * One file route (`Route` of a file in src/routes) under a root with the app's router context,
 * at `pattern` (its path without the layout segments). `load()` runs the route's search
 * validation and loader as a navigation would, before anything renders; `render()` then shows it.
 */
export function routeHarness(route: FileRouteLike, { pattern, path }: { pattern: string; path: string }) {
  const queryClient = createQueryClient();
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: () => null });
  const { validateSearch, loaderDeps, loader, component } = route.options as Record<string, unknown>;
  const page = createRoute({ getParentRoute: () => root, path: pattern, validateSearch, loaderDeps, loader, component } as never);
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  return {
    router,
    queryClient,
    load: () => router.load(),
    render: () => renderRouter(router, queryClient),
  };
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
