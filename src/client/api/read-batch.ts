// Reads started together go to the server as one request: GET /api/batch, which answers each
// through its own route with the caller's session (src/server/http/batch-read.ts). Each read's
// promise then settles as its own GET would have (its body, or its ApiError, a 401 ending the
// session as usual), so the queries that asked keep their keys, their query functions and their
// place in the persisted cache: the batch only carries them. A server that cannot answer a batch
// (an older one: 404) gets the reads one by one; a failed network fails every read alike.
import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { BATCH_READ_MAX, BATCH_READ_PATH, type BatchReadResponse } from '../../shared/batch-read.contract';
import { getToken } from '../auth/token-store';
import { answerOf, apiFetch, apiUrl, collectingReads, isApiError, type ApiRequest } from './api-client';

/** A query to start with its own options (meta, retry and all), named by its key. */
export type QueryRead = { queryKey: QueryKey; fetch: (queryClient: QueryClient) => Promise<void> };

export function queryRead<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): QueryRead {
  return { queryKey: options.queryKey, fetch: (queryClient) => queryClient.prefetchQuery(options) };
}

/**
 * How long an answer read ahead counts as fresh — one a batch brought, or one a route's loader
 * started with the navigation: the components that mount as it lands (the page the loader read
 * for, the dashboard's cards, the frame's badges sharing a key) read it instead of asking again.
 * Realtime invalidation still refreshes it at once; every other answer keeps the default
 * staleTime of 0.
 */
export const READ_AHEAD_FRESH_MS = 10_000;

/** When each query was last read ahead (per query object, so per query client). */
const readAheadAt = new WeakMap<object, number>();

/** The query client's default staleTime: READ_AHEAD_FRESH_MS for data just read ahead, else 0. */
export function staleTimeAfterReadAhead(query: Query<unknown, Error, unknown, QueryKey>): number {
  const sent = readAheadAt.get(query);
  const updated = query.state.dataUpdatedAt;
  return sent !== undefined && updated >= sent && updated - sent < READ_AHEAD_FRESH_MS ? READ_AHEAD_FRESH_MS : 0;
}

/**
 * Notes that the query under `queryKey` is being read ahead now: what it brings back is fresh for
 * READ_AHEAD_FRESH_MS. Data it already holds, older than now, stays as stale as it was.
 */
export function markReadAhead(queryClient: QueryClient, queryKey: QueryKey, at = Date.now()): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) readAheadAt.set(query, at);
}

type CollectedRead = { path: string; request: ApiRequest; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Starts `reads` (those whose cached data is stale) as one request. Never waits and never
 * throws, like a route loader's startQuery: each query's own state says how its read went.
 */
export function startReadsTogether(queryClient: QueryClient, reads: readonly QueryRead[]): void {
  const sentAt = Date.now();
  readTogether(() => {
    for (const read of reads) {
      void read.fetch(queryClient);
      markReadAhead(queryClient, read.queryKey, sentAt);
    }
  });
}

/**
 * Sends the GETs `start` begins while it runs (a refetch of every query on screen, say) as
 * batches rather than one request each. Never waits and never throws.
 */
export function readTogether(start: () => void): void {
  const collected: CollectedRead[] = [];
  const collect = (path: string, request: ApiRequest) =>
    new Promise<unknown>((resolve, reject) => {
      const { signal } = request;
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      collected.push({ path, request, resolve, reject });
    });
  collectingReads(collect, start);
  for (let first = 0; first < collected.length; first += BATCH_READ_MAX) void send(collected.slice(first, first + BATCH_READ_MAX));
}

/** The address the read's own GET would ask for, as the server's batch takes it: path and query. */
function readAddress({ path, request }: CollectedRead): string {
  const url = new URL(apiUrl(path, request.query));
  return `${url.pathname}${url.search}`;
}

function alone(read: CollectedRead): void {
  apiFetch(read.path, read.request).then(read.resolve, read.reject);
}

async function send(reads: CollectedRead[]): Promise<void> {
  if (reads.length === 1 && reads[0]) return alone(reads[0]);
  let answers: BatchReadResponse['answers'];
  try {
    ({ answers } = await apiFetch<BatchReadResponse>(BATCH_READ_PATH, { query: { read: reads.map(readAddress) } }));
  } catch (error) {
    // An ApiError other than the session's end is the batch's own (an older server has none): each read goes alone.
    if (isApiError(error) && error.status !== 401) reads.forEach(alone);
    else for (const read of reads) read.reject(error);
    return;
  }
  const token = getToken();
  reads.forEach((read, index) => {
    const answer = answers[index];
    if (!answer) return alone(read);
    try {
      read.resolve(answerOf({ status: answer.status, body: answer.body, token, request: read.request }));
    } catch (error) {
      read.reject(error);
    }
  });
}
