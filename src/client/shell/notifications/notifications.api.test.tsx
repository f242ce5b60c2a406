// The notification calls as the bell uses them: the list by page, mark all read with an
// empty body, and a click shown at once in every cached page before the server answers.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '../../../shared/notifications.contract';
import { bellNotificationsQueryOptions, notificationKeys, useClickNotification, useMarkNotificationsRead } from './notifications.api';
import { mockApi } from '../../ui/test-render';

const server = mockApi();

const notification = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  is_new: true,
  is_clicked: false,
  description: `<p>${id}</p>`,
  created_at: '2026-11-22T09:00:00.000Z',
  todo: false,
  relates_to: null,
  relates_to_id: null,
  ...overrides,
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

describe('notifications api', () => {
  it('asks for page 1 for the bell and keys it under the resource name', async () => {
    const pages: string[] = [];
    const page: NotificationsPage = { results: [notification('a')], count: 1, next_offset: 1, unread: 1 };
    server.use(
      http.get('/api/notifications', ({ request }) => {
        pages.push(new URL(request.url).searchParams.get('page') ?? '');
        return HttpResponse.json(page);
      }),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => useQuery(bellNotificationsQueryOptions()), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(page));
    expect(pages).toEqual(['1']);
    expect(bellNotificationsQueryOptions().queryKey).toEqual(['notifications', 'page', 1]);
  });

  it('marks all read with an empty body, then refetches the list', async () => {
    const seen: { body: string; contentType: string | null }[] = [];
    let fetches = 0;
    server.use(
      http.post('/api/notifications/read', async ({ request }) => {
        seen.push({ body: await request.text(), contentType: request.headers.get('content-type') });
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/notifications', () => {
        fetches++;
        return HttpResponse.json({ results: [], count: 0, next_offset: 0, unread: 0 });
      }),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ list: useQuery(bellNotificationsQueryOptions()), read: useMarkNotificationsRead() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await act(() => result.current.read.mutateAsync());
    expect(seen).toEqual([{ body: '', contentType: null }]);
    await waitFor(() => expect(fetches).toBe(2));
  });

  it('shows a click at once in every cached page, then tells the server the id', async () => {
    let release: () => void = () => undefined;
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/notifications/click', async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/notifications', () => HttpResponse.json({ results: [], count: 0, next_offset: 0, unread: 0 })),
    );
    const { queryClient, wrapper } = setup();
    const cached: NotificationsPage = { results: [notification('a'), notification('b')], count: 2, next_offset: 2, unread: 2 };
    queryClient.setQueryData(notificationKeys.page(1), cached);
    const { result } = renderHook(() => useClickNotification(), { wrapper });

    act(() => result.current.mutate('b'));
    await waitFor(() => expect(bodies).toEqual([{ id: 'b' }]));
    const shown = queryClient.getQueryData<NotificationsPage>(notificationKeys.page(1));
    expect(shown?.results.map((n) => [n.id, n.is_new, n.is_clicked])).toEqual([
      ['a', true, false],
      ['b', false, true],
    ]);
    expect(shown?.unread).toBe(1);
    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });
});
