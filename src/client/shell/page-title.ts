// Page titles: "(unread) {page} | Stafflane", the unread notification count
// in brackets when there are any. The signed-in frame publishes the count (setUnreadCount)
// from its notifications query, so pages outside it — the sign-in page — load no
// notification code and show plain "{page} | Stafflane".
import { useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';

let unread = 0;
/** The title of the page on screen: the count changing writes the document's title, not the page. */
let shownPage: string | null = null;

function writeTitle(): void {
  if (shownPage !== null) document.title = pageTitle(shownPage, unread);
}

export function setUnreadCount(count: number): void {
  const next = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (next === unread) return;
  unread = next;
  writeTitle();
}

export function pageTitle(page: string, unreadCount = 0): string {
  const prefix = unreadCount > 0 ? `(${unreadCount}) ` : '';
  return `${prefix}${page} | ${PRODUCT_NAME}`;
}

/**
 * The document's title while the page is on screen. The unread count is written into it as it
 * changes without drawing the page again: a page that subscribed to the count was drawn whole
 * (every dashboard card) each time the bell's read answered.
 */
export function usePageTitle(page: string): void {
  useLayoutEffect(() => {
    // As Mantine's useDocumentTitle did: an empty title leaves the last one.
    if (page.trim() === '') return;
    shownPage = page;
    writeTitle();
    return () => {
      if (shownPage === page) shownPage = null;
    };
  }, [page]);
}
