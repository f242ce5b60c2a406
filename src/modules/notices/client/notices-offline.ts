// The notices a worker is likely to open on site, fetched ahead for offline use: those on the
// noticeboard's first page, as the device has just loaded it (ClientModule.offlineDetails).
import type { QueryClient } from '@tanstack/react-query';
import type { OfflineDetails } from '../../../client/shell/client-module';
import { noticeListQueryOptions } from './notices.api';

export function noticeDetails(queryClient: QueryClient): OfflineDetails[] {
  const firstPage = queryClient.getQueryData(noticeListQueryOptions({}).queryKey);
  if (!firstPage || firstPage.results.length === 0) return [];
  return [{ title: 'Notices', hrefs: firstPage.results.map((notice) => `/notice/${notice.id}`) }];
}
