// The steps of "Ready to work offline" in the app (src/client/pwa/offline-readiness.ts holds the
// sequence): waiting for a quiet page, asking the service worker for every screen's code, and
// preloading an address so its loader's first queries land in the persisted cache.
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { isApiError } from '../api/api-client';
import { isPageQueries } from '../api/start-query';
import { markFetchedAhead } from '../offline/network';
import { SW_MESSAGE, type ScreensCached } from '../../shared/sw-messages';
import type { ReadinessArea, ReadinessSteps } from './offline-readiness';

/** The person's first screen has these to itself (the dashboard's cards, a first tap) before anything is fetched ahead. */
const REST_MS = 3_000;
/** A query that has not answered by then counts as not ready. */
const QUERY_WAIT_MS = 20_000;
/** The worker's answer for every screen's code (about 170 files). */
const SCREENS_WAIT_MS = 90_000;
/** How often a busy page is looked at again, and for how long at most before going on anyway (a poll that never ends). */
const QUIET_CHECK_MS = 400;
const QUIET_AT_MOST_MS = 15_000;

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

function whenBrowserIdle(): Promise<void> {
  const idle = window as IdleWindow;
  return new Promise((resolve) => {
    if (idle.requestIdleCallback) idle.requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else window.setTimeout(resolve, 200);
  });
}

/** No query fetching and no navigation under way (or QUIET_AT_MOST_MS gone), then an idle moment of the browser. */
export function whenQuiet(router: AnyRouter, queryClient: QueryClient): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const check = () => {
      const busy = queryClient.isFetching() > 0 || router.state.status !== 'idle';
      if (busy && Date.now() - started < QUIET_AT_MOST_MS) window.setTimeout(check, QUIET_CHECK_MS);
      else void whenBrowserIdle().then(resolve);
    };
    check();
  });
}

export function whenOnline(): Promise<void> {
  if (onlineManager.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onlineManager.subscribe((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}

/** Asks the active worker for every screen's code and waits for its answer: true if it got all of it. */
export async function cacheScreens(): Promise<boolean> {
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  const channel = new MessageChannel();
  const answer = new Promise<ScreensCached | null>((resolve) => {
    const timer = window.setTimeout(() => resolve(null), SCREENS_WAIT_MS);
    channel.port1.onmessage = (event: MessageEvent<ScreensCached>) => {
      window.clearTimeout(timer);
      resolve(event.data);
    };
  });
  worker.postMessage({ type: SW_MESSAGE.cacheScreens }, [channel.port2]);
  const result = await answer;
  channel.port1.close();
  return result !== null && result.failed === 0;
}

type Outcome = 'data' | 'refused' | 'failed';

/** Waits for the query of `key` to have data or to have failed (or QUERY_WAIT_MS). */
function settled(queryClient: QueryClient, key: QueryKey): Promise<Outcome> {
  const cache = queryClient.getQueryCache();
  const check = (): Outcome | null => {
    const query = cache.find({ queryKey: key, exact: true });
    if (!query) return 'failed';
    if (query.state.data !== undefined) return 'data';
    if (query.state.status !== 'error') return null;
    // Not this person's (a screen beside their area they may not use), or nothing there: nothing to keep.
    return isApiError(query.state.error, 403) || isApiError(query.state.error, 404) ? 'refused' : 'failed';
  };
  return new Promise((resolve) => {
    const now = check();
    if (now) return resolve(now);
    const timer = window.setTimeout(() => {
      stop();
      resolve('failed');
    }, QUERY_WAIT_MS);
    const stop = cache.subscribe(() => {
      const outcome = check();
      if (!outcome) return;
      window.clearTimeout(timer);
      stop();
      resolve(outcome);
    });
  });
}

/** Preloads `href` (its route's code and loader) and waits for the queries the loader started: true unless one failed. */
export async function prepareAddress(router: AnyRouter, queryClient: QueryClient, href: string): Promise<boolean> {
  // `href` (path and search as the menu spells it): the router parses it as a link's would be.
  const options = { href } as unknown as Parameters<AnyRouter['preloadRoute']>[0];
  const matches: Array<{ loaderData?: unknown }> | undefined = await router.preloadRoute(options);
  if (!matches) return false;
  const keys = matches.flatMap((match) => (isPageQueries(match.loaderData) ? match.loaderData.pageQueryKeys : []));
  for (const key of keys) {
    const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
    if (query) markFetchedAhead(query.queryHash);
  }
  const outcomes = await Promise.all(keys.map((key) => settled(queryClient, key)));
  return !outcomes.includes('failed');
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * A menu entry's address (with its search: a manager's Leave & Absences opens on the requests
 * waiting for them, a query of its own) and the screens beside it that take no address
 * parameter (its forms: /expenses/new beside /expenses). The dashboard and settings stand alone.
 */
export function areaAddresses(router: AnyRouter, href: string): string[] {
  const [pathAndSearch = ''] = href.split('#');
  const [rawPath = '', search] = pathAndSearch.split('?');
  const pathname = trimSlash(rawPath);
  const segment = pathname.split('/')[1] ?? '';
  const addresses = new Set([search ? `${pathname}?${search}` : pathname]);
  if (segment === '' || segment === 'settings') return [...addresses];
  for (const route of Object.values(router.routesById as Record<string, AnyRoute>)) {
    const path = trimSlash(route.fullPath);
    if (!path.includes('$') && path.split('/')[1] === segment) addresses.add(path);
  }
  return [...addresses];
}

/** The menu's links as areas to get ready (external links and disabled entries left out). */
export function menuAreas(
  router: AnyRouter,
  items: ReadonlyArray<{ title: string; href: string; kind: string; disabled: boolean }>,
): ReadinessArea[] {
  return items
    .filter((item) => item.kind === 'link' && !item.disabled && item.href.startsWith('/'))
    .map((item) => ({ title: item.title, hrefs: areaAddresses(router, item.href) }));
}

export function readinessSteps(router: AnyRouter, queryClient: QueryClient): ReadinessSteps {
  return {
    rest: () => new Promise((resolve) => window.setTimeout(resolve, REST_MS)),
    whenQuiet: () => whenQuiet(router, queryClient),
    isOnline: () => onlineManager.isOnline(),
    cacheScreens,
    prepareAddress: (href) => prepareAddress(router, queryClient, href),
    // The same module the offline session loaded (a chunk of its own, kept off the frame's).
    flush: async () => (await import('../offline/persisted-cache')).flushPersistedCache(),
  };
}
