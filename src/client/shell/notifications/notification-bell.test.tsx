import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../ui/test-render';
import type { Notification, NotificationsPage } from '../../../shared/notifications.contract';
import { NotificationBell } from './notification-bell';

const server = mockApi();

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: '3f0b8a56-7a53-4c53-9d0c-2b0f4b8e0001',
    is_new: true,
    is_clicked: false,
    description: '<p>A task for <b>you</b></p>',
    created_at: '2026-11-20T09:30:00.000Z',
    todo: false,
    relates_to: 'hr_task',
    relates_to_id: '41',
    ...overrides,
  };
}

/** Answers the list with `page`, counting every call the bell makes. */
function serve(page: NotificationsPage) {
  const calls = { list: 0, read: 0, click: [] as unknown[] };
  server.use(
    http.get('/api/notifications', () => {
      calls.list += 1;
      return HttpResponse.json(page);
    }),
    http.post('/api/notifications/read', () => {
      calls.read += 1;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/notifications/click', async ({ request }) => {
      calls.click.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('NotificationBell', () => {
  it('shows the count of new notifications, "9+" above 9', async () => {
    serve({ results: [notification({})], count: 12, next_offset: 1, unread: 12 });
    renderWithApp(<NotificationBell />, { path: '/' });
    expect(await screen.findByRole('button', { name: 'Notifications, 9+ new' })).toBeInTheDocument();
    expect(screen.getByText('9+')).toBeInTheDocument();
  });

  it('says "Loading..." while the list is on its way', async () => {
    server.use(
      http.get('/api/notifications', () => new Promise<Response>(() => undefined)),
      http.post('/api/notifications/read', () => new HttpResponse(null, { status: 204 })),
    );
    renderWithApp(<NotificationBell />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('says "No notifications" when there are none, and links to all of them', async () => {
    serve({ results: [], count: 0, next_offset: 0, unread: 0 });
    renderWithApp(<NotificationBell />, { path: '/' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    fireEvent.click(bell());
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'All notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('marks all read with exactly one call on opening, and refetches the list on closing', async () => {
    const calls = serve({ results: [notification({})], count: 1, next_offset: 1, unread: 1 });
    renderWithApp(<NotificationBell />, { path: '/' });
    await screen.findByRole('button', { name: 'Notifications, 1 new' });
    fireEvent.click(bell());
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(calls.read).toBe(1));
    // The badge clears once the server has them as read.
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    const listed = calls.list;
    fireEvent.click(bell());
    await waitFor(() => expect(calls.list).toBe(listed + 1));
    expect(calls.read).toBe(1);
  });

  it('marks a clicked notification at once, tells the server and goes to its target', async () => {
    const calls = serve({ results: [notification({})], count: 1, next_offset: 1, unread: 1 });
    // The click's answer and any refetch are held back: the dot must dim before the server replies.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/notifications/click', async ({ request }) => {
        calls.click.push(await request.json());
        await held;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router, queryClient } = renderWithApp(<NotificationBell />, { path: '/' });
    await screen.findByRole('button', { name: 'Notifications, 1 new' });
    fireEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    server.use(
      http.get('/api/notifications', () => held.then(() => HttpResponse.json({ results: [], count: 0, next_offset: 0, unread: 0 }))),
    );
    fireEvent.click(await within(list).findByRole('button', { name: /A task for you/ }));
    await waitFor(() => expect(calls.click).toEqual([{ id: '3f0b8a56-7a53-4c53-9d0c-2b0f4b8e0001' }]));
    // Held: nothing the server says can have changed the cache yet.
    const cached = queryClient.getQueryData<NotificationsPage>(['notifications', 'page', 1]);
    expect(cached?.results[0]).toMatchObject({ is_clicked: true, is_new: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/hr-task/41'));
    release();
  });

  it('renders the description as the server sanitised it, with links made plain text', async () => {
    serve({
      results: [notification({ description: '<p>See <a href="/absence/1">the request</a></p>', todo: true })],
      count: 1,
      next_offset: 1,
      unread: 0,
    });
    renderWithApp(<NotificationBell />, { path: '/' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    fireEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(await within(list).findByText('the request')).toBeInTheDocument();
    expect(within(list).queryByRole('link')).toBeNull();
    expect(within(list).getByText('Action Required')).toBeInTheDocument();
  });
});
