// GET /api/pending-count: what waits for the caller, for the menu badges and the
// dashboard. The key is the resource name, so realtime events listing it refresh it.
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { dashboardPaths, PENDING_COUNT_RESOURCE, type PendingCount } from '../../shared/pending-count.contract';

export const pendingCountKeys = { all: [PENDING_COUNT_RESOURCE] as const };

export function fetchPendingCount(signal?: AbortSignal): Promise<PendingCount> {
  return apiFetch<PendingCount>(dashboardPaths.pendingCount, { signal });
}

export const pendingCountQueryOptions = () =>
  queryOptions({
    queryKey: pendingCountKeys.all,
    queryFn: ({ signal }) => fetchPendingCount(signal),
  });
