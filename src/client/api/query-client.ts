// The app's QueryClient: retry once after 200 ms and the error toasts.
// A query that fails shows "Error occurred"; so does a mutation, unless the status is 409,
// 422 or 429, which the calling form explains itself. `meta: { errorToast: false }` opts a
// query or mutation out (the login form, the footer's version line). With no network nothing is
// an error to show: queries pause (onlineManager, seeded here from navigator.onLine) and keep
// their cached data, and a fetch that never reached the server raises no toast; nor does a query
// fetched ahead for offline use that no screen shows (the readiness names its area instead).
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_COUNT, QUERY_RETRY_DELAY_MS } from '../../shared/constants';
import { ERROR_OCCURRED, showDangerToast } from '../shell/toasts';
import { isNetworkFailure, isOffline, unseenFetchAhead } from '../offline/network';
import { isApiError } from './api-client';
import { staleTimeAfterReadAhead } from './read-batch';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      errorToast?: boolean;
      /** Special-category or financial data (sickness reasons, medical notes, bank details, NI numbers): never persisted offline. */
      sensitive?: boolean;
      /**
       * Sensitive only for some answers: one (or one of whose `results`) has `key` equal to
       * `value` (a document private to HR) is not persisted either. Data, not a function: the
       * meta is persisted with the query.
       */
      sensitiveWhere?: { key: string; value: string };
      /**
       * Special-category data kept on the device only when it is the signed-in person's own: an
       * answer is kept when one of these fields (dot paths: 'user.id', 'person.user_id') holds their
       * id, a list only when every item's does (a manager's list of others' records stays off the
       * device whole). Anything else is left out and named as kept off for privacy.
       */
      keptIfOwn?: readonly string[];
    };
    mutationMeta: { errorToast?: boolean };
  }
}

const LEFT_TO_THE_CALLER = [409, 422, 429];
const QUERY_GC_TIME_MS = 24 * 60 * 60 * 1000;

// After a 401 the page is already reloading into the sign-in screen: nothing to say or retry.
const sessionLost = (error: unknown) => isApiError(error, 401);
/** No network, or a fetch that never reached the server: the page shows its offline state, not an error. */
const unreachable = (error: unknown) => isOffline() || isNetworkFailure(error);

export function createQueryClient(): QueryClient {
  // TanStack Query starts out believing it is online and only listens for changes: a page
  // opened with no signal would fetch, fail and show errors instead of its cached data.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.errorToast === false || sessionLost(error) || unreachable(error) || unseenFetchAhead(query)) return;
        showDangerToast({ message: ERROR_OCCURRED });
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        if (mutation.meta?.errorToast === false || sessionLost(error)) return;
        if (isApiError(error) && LEFT_TO_THE_CALLER.includes(error.status)) return;
        showDangerToast({ message: ERROR_OCCURRED });
      },
    }),
    defaultOptions: {
      queries: {
        // Kept a day after the last screen using it closes, so the persisted cache (src/client/
        // offline/persisted-cache.ts) still holds the pages seen today when the app reopens offline.
        gcTime: QUERY_GC_TIME_MS,
        // 0 (refetched whenever a component mounts), except for what a read batch or a route's loader
        // has just brought.
        staleTime: staleTimeAfterReadAhead,
        retry: (failureCount, error) => !sessionLost(error) && failureCount < QUERY_RETRY_COUNT,
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}
