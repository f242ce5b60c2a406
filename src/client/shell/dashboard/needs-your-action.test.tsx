import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '../../../shared/notifications.contract';
import { createRealtimeEventHandler } from '../../realtime/realtime-events';
import { NOTHING_PENDING } from '../menu/menu-test-context';
import { mockApi, renderWithApp } from '../../ui/test-render';
import { NotificationBell } from '../notifications/notification-bell';
import { ALL_CAUGHT_UP, NeedsYourAction } from './needs-your-action';

const server = mockApi();

const ACKNOWLEDGE: Notification = {
  id: '3f0b8a56-7a53-4c53-9d0c-2b0f4b8e0001',
  is_new: true,
  is_clicked: false,
  description: 'New notice: &#34;Fire drill&#34;. Please read and acknowledge it.',
  created_at: '2026-11-20T09:30:00.000Z',
  todo: true,
  relates_to: 'notice',
  relates_to_id: '7',
};

function serve(notifications: Notification[]) {
  const page: NotificationsPage = {
    results: notifications,
    count: notifications.length,
    next_offset: notifications.length,
    unread: notifications.filter((n) => n.is_new).length,
  };
  server.use(
    http.get('/api/notifications', () => HttpResponse.json(page)),
    http.get('/api/pending-count', () => HttpResponse.json(NOTHING_PENDING)),
  );
}

describe('a to-do done elsewhere', () => {
  it('leaves "Needs your action" and the bell’s count when the server says it was resolved, without a reload', async () => {
    serve([ACKNOWLEDGE]);
    const { queryClient } = renderWithApp(
      <>
        <NotificationBell />
        <NeedsYourAction />
      </>,
    );
    expect(await screen.findByRole('list', { name: 'Notifications that need your action' })).toHaveTextContent('Fire drill');
    expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications, 1 new');

    // Acknowledged on the phone: the server resolves the to-do and tells this user's channel.
    serve([{ ...ACKNOWLEDGE, todo: false, is_new: false }]);
    createRealtimeEventHandler(queryClient).handleEvent({
      id: '42',
      channel: 'user-u1',
      event: 'notifications-resolved',
      invalidates: ['notifications', 'pending-count'],
      payload: null,
    });

    expect(await screen.findByText(ALL_CAUGHT_UP)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications'));
  });
});
