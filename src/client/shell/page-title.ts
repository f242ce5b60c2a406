// Page titles: "(unread) {page} | Stafflane", the unread notification count
// in brackets when there are any. The signed-in frame publishes the count (setUnreadCount)
// from its notifications query, so pages outside it — the sign-in page — load no
// notification code and show plain "{page} | Stafflane".
import { useDocumentTitle } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';

let unread = 0;
const listeners = new Set<() => void>();

export function setUnreadCount(count: number): void {
  const next = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (next === unread) return;
  unread = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pageTitle(page: string, unreadCount = 0): string {
  const prefix = unreadCount > 0 ? `(${unreadCount}) ` : '';
  return `${prefix}${page} | ${PRODUCT_NAME}`;
}

export function usePageTitle(page: string): void {
  const count = useSyncExternalStore(
    subscribe,
    () => unread,
    () => 0,
  );
  useDocumentTitle(pageTitle(page, count));
}
