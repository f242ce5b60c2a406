// The documents a worker is likely to open on site, fetched ahead for offline use: those on the
// first page of HR Documents and of H&S Documents, as the device has just loaded them
// (ClientModule.offlineDetails). A document private to HR is left out: it is never kept on the device.
import type { QueryClient } from '@tanstack/react-query';
import type { OfflineDetails } from '../../../client/shell/client-module';
import { documentListQueryOptions } from './documents.api';

export function documentDetails(queryClient: QueryClient): OfflineDetails[] {
  const hrefs = (['hr', 'hs'] as const).flatMap((area) =>
    (queryClient.getQueryData(documentListQueryOptions({ area }, 1).queryKey)?.results ?? [])
      .filter((document) => document.audience !== 'hr_private')
      .map((document) => `/document/${document.id}`),
  );
  return hrefs.length > 0 ? [{ title: 'Documents', hrefs }] : [];
}
