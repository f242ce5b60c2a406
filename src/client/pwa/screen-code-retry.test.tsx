// A screen whose code could not be fetched offline opens in place when the signal returns: the
// route's code is asked for again and the rest of the page (here, a note being typed in the frame)
// stays as it was; the page is reloaded only when that retry fails too.
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { reloadPage } from '../shell/reload-page';
import { RouteErrorPage } from '../shell/route-error-page';
import { resetScreenCodeRetriesForTests, SECOND_TRY_AFTER_MS } from './screen-code-retry';

vi.mock('../shell/reload-page', () => ({ reloadPage: vi.fn() }));

window.scrollTo = () => undefined;

const CODE_NOT_FETCHED = 'Failed to fetch dynamically imported module: http://localhost:3000/assets/route-expenses-new-4f2a9c.js';
let online = false;

function setOnline(value: boolean): void {
  online = value;
  act(() => {
    onlineManager.setOnline(value);
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  // The router and React say each failure in the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.mocked(reloadPage).mockClear();
  resetScreenCodeRetriesForTests();
  sessionStorage.clear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  online = false;
  onlineManager.setOnline(false);
  // The router has already reloaded the page once for this file, as it does the first time a
  // screen's module is missing: what follows is what the person sees after that.
  sessionStorage.setItem(`tanstack_router_reload:${CODE_NOT_FETCHED}`, '1');
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'onLine');
  onlineManager.setOnline(true);
});

type ScreenModule = { default: () => ReactElement };

/** The app's frame with a note field, and /expenses/new whose code comes from `importer`. */
function renderApp(importer: () => Promise<ScreenModule>) {
  const root = createRootRoute({
    component: () => (
      <>
        <input aria-label="Note" />
        <Outlet />
      </>
    ),
  });
  const form = createRoute({ getParentRoute: () => root, path: '/expenses/new', component: lazyRouteComponent(importer) });
  const router = createRouter({
    routeTree: root.addChildren([form]),
    history: createMemoryHistory({ initialEntries: ['/expenses/new'] }),
    defaultErrorComponent: RouteErrorPage,
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const notFetched = (): Promise<ScreenModule> => Promise.reject(new TypeError(CODE_NOT_FETCHED));
const claimForm = (): Promise<ScreenModule> => Promise.resolve({ default: () => <h1>New claim</h1> });

describe('a screen whose code could not be fetched offline', () => {
  it('opens in place when the signal returns, what else is on the page kept', async () => {
    const importer = vi.fn(notFetched);
    renderApp(importer);
    expect(await screen.findByText(/This page is not available offline yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Taxi from the depot' } });
    importer.mockImplementation(claimForm);

    setOnline(true);

    expect(await screen.findByRole('heading', { name: 'New claim' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Taxi from the depot');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('stays as it is while there is no signal', async () => {
    const importer = vi.fn(notFetched);
    renderApp(importer);
    await screen.findByText(/This page is not available offline yet/);
    const asked = importer.mock.calls.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(importer).toHaveBeenCalledTimes(asked);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('tries once more after a pause, for a link just back, before it reloads', async () => {
    const importer = vi.fn(notFetched);
    renderApp(importer);
    await screen.findByText(/This page is not available offline yet/);
    const asked = importer.mock.calls.length;

    setOnline(true);
    await vi.waitFor(() => expect(importer.mock.calls.length).toBeGreaterThan(asked));
    importer.mockImplementation(claimForm);

    expect(await screen.findByRole('heading', { name: 'New claim' }, { timeout: SECOND_TRY_AFTER_MS + 2_000 })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the page once when the tries in place fail too (a new version removed the file)', async () => {
    const importer = vi.fn(notFetched);
    renderApp(importer);
    await screen.findByText(/This page is not available offline yet/);
    const asked = importer.mock.calls.length;

    setOnline(true);

    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: SECOND_TRY_AFTER_MS + 2_000 });
    expect(importer.mock.calls.length).toBeGreaterThan(asked);
    expect(screen.queryByRole('heading', { name: 'New claim' })).not.toBeInTheDocument();
  });
});
