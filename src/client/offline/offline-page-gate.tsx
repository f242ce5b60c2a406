// The signed-in page, or — with no network — the calm offline state when the page's loader
// started queries and one of them has no data on this device: never loaded here ("hasn't been
// opened on this device yet"), or kept off it on purpose (special-category data, a document
// private to HR: "Kept off this device for privacy"). A page whose data is cached renders as usual from
// the cache, marked "Offline" by the top bar. Pages without a loader are left to themselves.
// Under the calm state, the person's own queued writes to the page's resources (the heads of
// its query keys, as the outbox names them) are still listed. The gate decides when a page is
// opened: a page already on screen when the signal goes stays (a form being filled in while its
// data was still on its way keeps what was typed), its queries paused until the signal returns.
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isPageQueries } from '../api/start-query';
import { keptOffForPrivacy } from './kept-off';
import { useOnline } from './network';
import { OfflineEmptyState } from './offline-empty-state';
import { OfflineQueuedItems } from './offline-queued-items';

export function OfflinePageGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const href = useRouterState({ select: (state) => state.location.href });
  // The page this gate last showed: its address and its queries (both, so a navigation caught
  // between the new address and the new page's queries is decided afresh).
  const [shown, setShown] = useState<string | null>(null);
  // A string, so the selection is equal from one router state to the next.
  const keys = useRouterState({
    select: (state) =>
      JSON.stringify(state.matches.flatMap((match) => (isPageQueries(match.loaderData) ? match.loaderData.pageQueryKeys : []))),
  });
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  // 'none', or why a query of the page has no data here: never loaded, or kept off for privacy.
  const missing = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => {
      if (online) return 'none';
      const absent = (JSON.parse(keys) as QueryKey[])
        .map((key) => cache.get(hashKey(key)))
        .filter((query) => query?.state.data === undefined);
      if (absent.length === 0) return 'none';
      return absent.some((query) => keptOffForPrivacy(query)) ? 'privacy' : 'not-seen';
    },
    () => 'none',
  );
  const resources = useMemo(
    () => [...new Set((JSON.parse(keys) as QueryKey[]).map((key) => key[0]).filter((head): head is string => typeof head === 'string'))],
    [keys],
  );
  const page = `${href}\n${keys}`;
  if (missing === 'none' || shown === page) {
    if (shown !== page) setShown(page);
    return children;
  }
  if (shown !== null) setShown(null);
  return (
    <Stack gap="md">
      <OfflineEmptyState privacy={missing === 'privacy'} />
      <OfflineQueuedItems resources={resources} />
    </Stack>
  );
}
