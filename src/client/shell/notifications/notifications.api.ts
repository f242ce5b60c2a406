// The notification calls: the caller's list by page (the bell shows page 1), mark
// all read, and click one. Keys start with the resource name so a realtime event whose
// `invalidates` lists `notifications` refreshes every page at once.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/api-client';
import { isQueuedResponse } from '../../../shared/sw-messages';
import {
  ClickNotificationInputSchema,
  NOTIFICATIONS_RESOURCE,
  notificationPaths,
  type Notification,
  type NotificationsPage,
} from '../../../shared/notifications.contract';

export const notificationKeys = {
  all: [NOTIFICATIONS_RESOURCE] as const,
  pages: () => [...notificationKeys.all, 'page'] as const,
  page: (page: number) => [...notificationKeys.pages(), page] as const,
};

export function fetchNotifications(page: number, signal?: AbortSignal): Promise<NotificationsPage> {
  return apiFetch<NotificationsPage>(notificationPaths.list, { query: { page }, signal });
}

/** One page of the caller's notifications, newest first, with the count of unread ones. */
export const notificationsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: notificationKeys.page(page),
    queryFn: ({ signal }) => fetchNotifications(page, signal),
  });

/** What the bell lists and counts: the first page (its `unread` is the badge). */
export const bellNotificationsQueryOptions = () => notificationsQueryOptions(1);

export async function markNotificationsRead(): Promise<void> {
  await apiFetch<void>(notificationPaths.read, { method: 'POST' });
}

/** Queueable: true when the outbox kept it to send later. */
export async function clickNotification(id: string): Promise<{ queued: boolean }> {
  const answer = await apiFetch<void>(notificationPaths.click, {
    method: 'POST',
    body: { id },
    // A tap on a notification: nothing typed to correct.
    queue: { resource: NOTIFICATIONS_RESOURCE, label: 'Notification opened', schema: ClickNotificationInputSchema, form: null },
  });
  return { queued: isQueuedResponse(answer) };
}

function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Shown at once in every cached page ("marked clicked at once and the server told"). */
function markClickedInCache(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.pages() }, (page) => {
    if (!page) return page;
    const target = page.results.find((notification) => notification.id === id);
    if (!target) return page;
    const clicked = (notification: Notification): Notification =>
      notification.id === id ? { ...notification, is_clicked: true, is_new: false } : notification;
    return { ...page, results: page.results.map(clicked), unread: target.is_new ? Math.max(0, page.unread - 1) : page.unread };
  });
}

/** Opening the bell: one call marks every notification read; the list refetches afterwards. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => invalidateNotifications(queryClient),
  });
}

export function useClickNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clickNotification,
    // Offline it must still reach the service worker, which queues it.
    networkMode: 'always',
    onMutate: (id) => markClickedInCache(queryClient, id),
    // Queued, the server does not know yet: a refetch would undo the clicked state. The outbox
    // refreshes notifications when the click lands.
    onSettled: (result) => (result?.queued ? undefined : invalidateNotifications(queryClient)),
  });
}
