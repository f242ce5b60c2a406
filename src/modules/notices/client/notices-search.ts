// The noticeboard list's address: search, state, unread and page; a bad value is dropped. Apart
// from the calls so the route tree (which the sign-in page loads) checks an address alone.
import type { NoticeState } from '../notices.contract';

export type NoticeListSearch = { search?: string; state?: NoticeState; unread?: 1; page?: number };

export function parseNoticeListSearch(raw: Record<string, unknown>): NoticeListSearch {
  const search = typeof raw.search === 'string' && raw.search.trim() ? raw.search.trim().slice(0, 100) : undefined;
  const state = raw.state === 'scheduled' || raw.state === 'expired' ? raw.state : undefined;
  const unread = raw.unread === 1 || raw.unread === '1' ? 1 : undefined;
  const page = Number(raw.page);
  return {
    ...(search ? { search } : {}),
    ...(state ? { state } : {}),
    ...(unread ? { unread } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}
