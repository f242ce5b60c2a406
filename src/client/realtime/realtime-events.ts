// What an event does to the page's cached data, whichever transport brought it: each
// resource named in `invalidates` is refetched — every query whose key starts
// with that name, nothing else, and not when the event is the echo of this tab's own write
// (src/client/api/invalidate-resources.ts); a `notification` event also puts the notification at the top
// of the cached bell page at once, unless that page already lists it. A `reset` (the last id
// was older than the server keeps) refetches everything cached.
import type { QueryClient } from '@tanstack/react-query';
import { invalidateHeardResources } from '../api/invalidate-resources';
import { notificationKeys } from '../shell/notifications/notifications.api';
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_RESOURCE,
  type Notification,
  type NotificationsPage,
} from '../../shared/notifications.contract';
import { NOTIFICATION_EVENT, type RealtimeEvent } from '../../shared/realtime';
import { readTogether } from '../api/read-batch';

export type RealtimeEventHandler = {
  handleEvent(event: RealtimeEvent): void;
  handleReset(channel: string): void;
};

function isNotification(value: unknown): value is Notification {
  const candidate = value as Partial<Notification> | null;
  return typeof candidate?.id === 'string' && typeof candidate.description === 'string' && typeof candidate.is_new === 'boolean';
}

/**
 * The bell's page as the server would now send it. `unread` counts the notification only when
 * the page did not list it: a bell refetch that already brought it must not count it twice.
 */
export function withNotification(page: NotificationsPage, notification: Notification): NotificationsPage {
  if (page.results.some((listed) => listed.id === notification.id)) return page;
  const results = [notification, ...page.results].slice(0, Math.max(NOTIFICATIONS_PAGE_SIZE, page.results.length));
  return { ...page, results, count: page.count + 1, unread: page.unread + (notification.is_new ? 1 : 0) };
}

function prependNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.page(1), exact: true }, (page) =>
    page ? withNotification(page, notification) : page,
  );
}

/** Screens that react to an event itself (chat's typing indicator), beside the refetch every event starts. */
const eventListeners = new Set<(event: RealtimeEvent) => void>();

export function onRealtimeEvent(listener: (event: RealtimeEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function createRealtimeEventHandler(queryClient: QueryClient): RealtimeEventHandler {
  return {
    handleEvent(event) {
      for (const listener of eventListeners) listener(event);
      const resources = new Set(event.invalidates);
      if (event.event === NOTIFICATION_EVENT && isNotification(event.payload)) {
        prependNotification(queryClient, event.payload);
        // A bell refetch already under way started before this notification existed: the
        // refetch this starts (cancelling that one) brings the server's own count.
        resources.delete(NOTIFICATIONS_RESOURCE);
        void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_RESOURCE] });
      }
      invalidateHeardResources(queryClient, resources);
    },
    handleReset() {
      // Everything on screen is read again (a dropped connection may have missed events): as one
      // batch, not twenty requests started in one task.
      readTogether(() => void queryClient.invalidateQueries());
    },
  };
}
