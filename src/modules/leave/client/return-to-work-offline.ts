// The person's own return-to-work forms on Return to Work's first page, fetched ahead for offline
// use (ClientModule.offlineDetails): a worker back from sickness may fill theirs in on site.
// Anyone else's form is never kept on the device, so it is not fetched either.
import type { QueryClient } from '@tanstack/react-query';
import { ownedBy } from '../../../client/offline/kept-off';
import type { OfflineDetails } from '../../../client/shell/client-module';
import { RETURN_TO_WORK_OWNER, returnToWorkListQueryOptions } from './return-to-work.api';

export function returnToWorkDetails(queryClient: QueryClient, userId: string): OfflineDetails[] {
  const firstPage = queryClient.getQueryData(returnToWorkListQueryOptions({ filters: {}, page: 1 }).queryKey);
  const hrefs = (firstPage?.results ?? [])
    .filter((item) => ownedBy(item, RETURN_TO_WORK_OWNER, userId))
    .map((item) => `/return-to-work/${item.id}/self-certification`);
  return hrefs.length > 0 ? [{ title: 'Return to Work', hrefs }] : [];
}
