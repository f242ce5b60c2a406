// The gate of a page opened with no network whose data this device has never loaded: the calm
// state, and under it the person's own writes to that page's resources still in the outbox. A page
// already on screen when the signal goes stays.
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItemSummary } from '../../shared/sw-messages';
import { createQueryClient } from '../api/query-client';
import { OFFLINE_KEPT_OFF, OFFLINE_NOT_SEEN } from './offline-empty-state';
import { OfflinePageGate } from './offline-page-gate';
import { setOutboxItems, setOutboxUser } from './outbox-items';

const item = (overrides: Partial<OutboxItemSummary>): OutboxItemSummary => ({
  id: crypto.randomUUID(),
  userId: 'u1',
  resource: 'user-absence',
  label: 'Leave request',
  method: 'POST',
  url: '/api/user-absence',
  state: 'waiting',
  createdAt: '2026-03-02T09:00:00Z',
  nextAttemptAt: null,
  syncedAt: null,
  attempts: 0,
  error: null,
  ...overrides,
});

function renderPage(cached: boolean, sensitive = false) {
  const queryClient = createQueryClient();
  if (cached) queryClient.setQueryData(['user-absence', 'list'], { results: [] });
  // As a loader's start leaves a query offline: in the cache with its options, paused, no data.
  if (sensitive)
    void queryClient.prefetchQuery({ queryKey: ['user-absence', 'list'], queryFn: () => ({ results: [] }), meta: { sensitive: true } });
  const router = createRouter({
    routeTree: createRootRoute({
      loader: () => ({ pageQueryKeys: [['user-absence', 'list']] }),
      component: () => (
        <OfflinePageGate>
          <p>The list</p>
          <input aria-label="Search" />
        </OfflinePageGate>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/leave-and-absences/list'] }),
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  setOutboxUser(null);
  onlineManager.setOnline(true);
});

describe('OfflinePageGate', () => {
  it('lists the person’s own queued writes to the page’s resources under the offline state', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setOutboxUser('u1');
    setOutboxItems('u1', [
      item({ label: 'Annual leave 04/06–05/06' }),
      item({ label: 'Sent already', state: 'synced' }),
      item({ label: 'Taxi receipt', resource: 'expense' }),
    ]);
    renderPage(false);
    expect(await screen.findByText(OFFLINE_NOT_SEEN)).toBeInTheDocument();
    const queued = screen.getByRole('list', { name: 'Not yet sent' });
    expect(queued).toHaveTextContent('Annual leave 04/06–05/06');
    expect(queued).toHaveTextContent('Waiting to sync');
    expect(queued).not.toHaveTextContent('Sent already');
    expect(queued).not.toHaveTextContent('Taxi receipt');
    expect(screen.queryByText('The list')).not.toBeInTheDocument();
  });

  it('says the data is kept off the device for privacy when the page’s query is special-category', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(false, true);
    expect(await screen.findByText(OFFLINE_KEPT_OFF)).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_NOT_SEEN)).not.toBeInTheDocument();
  });

  it('shows the page itself when its data is on the device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(true);
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_NOT_SEEN)).not.toBeInTheDocument();
  });

  it('keeps a page opened online whose data was still on its way when the signal went, with what was typed in it', async () => {
    renderPage(false);
    const search = await screen.findByRole('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'Saturday' } });
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByText(OFFLINE_NOT_SEEN)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('Saturday');
  });
});
