// GET /api/version for the bottom line of the shell and the side menu's store badges.
import { queryOptions } from '@tanstack/react-query';
import type { VersionResponse } from '../../shared/version';
import { apiFetch } from '../api/api-client';

export const versionQueryOptions = () =>
  queryOptions({
    queryKey: ['version'],
    queryFn: ({ signal }) => apiFetch<VersionResponse>('/api/version', { signal }),
    staleTime: 60 * 60 * 1000,
    // A missing version line is not worth an error toast.
    meta: { errorToast: false },
  });
