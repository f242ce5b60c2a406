// "Ready to work offline": after a sign-in the device gets, without the person doing anything,
// what it needs to work with no signal, then says so (and names what it could not get).
//
// 1. The service worker is active: its precache (the shell) is complete, so the app opens
//    offline from now on.
// 2. The first page of data of every menu area the person may use, and of the screens beside it
//    that take no address parameter (a queueing form: /expenses/new, /overtime/report…): each
//    route is preloaded, which runs its loader (the page's own queries), and the answers are
//    kept by the persisted cache like any page seen (special-category data never is).
// 3. The code of every screen of the frame (every route chunk, forms and detail pages
//    included), a few at a time; the service worker keeps them.
//
// Started once per session (per user and build), never restarted by the menu changing while
// its rules' data loads: the areas are read when the data step begins. Done for this user and
// build, a reload of the tab does not start it again (within READY_FOR_MS; kept in the tab's
// sessionStorage, so a reopened app, whose data may have been evicted, checks again).
import { hashKey, onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { isApiError } from '../api/api-client';
import { isPageQueries } from '../api/start-query';
import { markFetchedAhead } from '../offline/network';
import { registerSessionDataEraser } from '../offline/session-data';
import { showSuccessToast, showToast } from '../shell/toasts';

import { NOT_READY_OFFLINE, READY_TO_WORK_OFFLINE } from './offline-readiness-copy';

/** Redone after this long (or for a new build): the first pages' data gets old. */
const READY_FOR_MS = 12 * 60 * 60 * 1000;
/** A query that has not answered by then counts as not ready. */
const QUERY_WAIT_MS = 20_000;
/** Areas whose data is fetched at once. */
const DATA_PARALLEL = 3;
/** Route chunks fetched at once (each a few kB, most of their imports shared). */
const CODE_PARALLEL = 4;

export type ReadinessArea = { title: string; href: string };

export type OfflineReadiness = { status: 'idle' } | { status: 'preparing' } | { status: 'ready'; notReady: string[] };

type Record_ = { build: string; at: number; notReady: string[] };

let state: OfflineReadiness = { status: 'idle' };
const listeners = new Set<() => void>();
let startedFor: string | null = null;

function setState(next: OfflineReadiness): void {
  state = next;
  for (const listener of listeners) listener();
}

export function useOfflineReadinessState(): OfflineReadiness {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => state,
    () => state,
  );
}

const recordKey = (userId: string) => `stafflane:offline-ready:${userId}`;

function readRecord(userId: string): Record_ | null {
  try {
    const record = JSON.parse(sessionStorage.getItem(recordKey(userId)) ?? 'null') as Record_ | null;
    return record && record.build === __BUILD_ID__ && Date.now() - record.at < READY_FOR_MS ? record : null;
  } catch {
    return null;
  }
}

function writeRecord(userId: string, notReady: string[]): void {
  try {
    sessionStorage.setItem(recordKey(userId), JSON.stringify({ build: __BUILD_ID__, at: Date.now(), notReady } satisfies Record_));
  } catch {
    // Without storage it is simply done again on the next page load.
  }
}

/** Forgets a user's readiness (their data was erased: logout, session ended). */
export function forgetOfflineReadiness(userId: string): void {
  try {
    sessionStorage.removeItem(recordKey(userId));
  } catch {
    // nothing kept
  }
  if (startedFor === userId) {
    startedFor = null;
    setState({ status: 'idle' });
  }
}

// Logout or the server ending the session erases the cache: it is no longer ready.
registerSessionDataEraser((userId) => forgetOfflineReadiness(userId));

function whenOnline(): Promise<void> {
  if (onlineManager.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onlineManager.subscribe((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}

type Outcome = 'data' | 'refused' | 'failed';

/** Waits for the query of `key` to have data or to have failed. */
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

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The area's own address and the screens beside it that take no parameter (its forms). */
export function areaAddresses(router: AnyRouter, href: string): string[] {
  const pathname = trimSlash(href.split(/[?#]/)[0] ?? '');
  const segment = pathname.split('/')[1] ?? '';
  const addresses = new Set([pathname]);
  if (segment === '' || segment === 'settings') return [...addresses];
  for (const route of Object.values(router.routesById as Record<string, AnyRoute>)) {
    const path = trimSlash(route.fullPath);
    if (path.includes('$') || path.split('/')[1] !== segment) continue;
    addresses.add(path);
  }
  return [...addresses];
}

/** Preloads `href` and waits for the queries its loaders started: true unless one failed. */
async function prepareAddress(router: AnyRouter, queryClient: QueryClient, href: string): Promise<boolean> {
  let matches: Array<{ loaderData?: unknown }> | undefined;
  try {
    matches = await router.preloadRoute({ to: href });
  } catch {
    return false;
  }
  const keys = (matches ?? []).flatMap((match) => (isPageQueries(match.loaderData) ? match.loaderData.pageQueryKeys : []));
  for (const key of keys) markFetchedAhead(hashKey(key));
  const outcomes = await Promise.all(keys.map((key) => settled(queryClient, key)));
  return !outcomes.includes('failed');
}

async function prepareData(router: AnyRouter, queryClient: QueryClient, areas: readonly ReadinessArea[]): Promise<string[]> {
  const notReady: string[] = [];
  const queue = [...areas];
  const worker = async () => {
    for (let area = queue.shift(); area; area = queue.shift()) {
      const results = [];
      for (const address of areaAddresses(router, area.href)) results.push(await prepareAddress(router, queryClient, address));
      if (results.includes(false)) notReady.push(area.title);
    }
  };
  await Promise.all(Array.from({ length: DATA_PARALLEL }, worker));
  return areas.map((area) => area.title).filter((title) => notReady.includes(title));
}

/** Which route chunks a person of this frame may load: company users the company's screens (of settings, their own only), administrators theirs. */
export function frameRoutes(router: AnyRouter, company: boolean): AnyRoute[] {
  return Object.values(router.routesById as Record<string, AnyRoute>).filter((route) => {
    const id: string = route.id;
    if (id === '/_signed-in/notifications' || id === '/_signed-in/outbox') return true;
    if (!company) return id.startsWith('/_signed-in/admin');
    return id.startsWith('/_signed-in/_company') && (!id.startsWith('/_signed-in/_company/settings/') || id.includes('/user-settings'));
  });
}

/** Loads the routes' chunks, CODE_PARALLEL at a time; answers whether every one arrived. */
async function prepareCode(router: AnyRouter, routes: readonly AnyRoute[]): Promise<boolean> {
  let complete = true;
  const queue = [...routes];
  const worker = async () => {
    for (let route = queue.shift(); route; route = queue.shift()) {
      if (!onlineManager.isOnline()) {
        complete = false;
        return;
      }
      try {
        await router.loadRouteChunk(route);
      } catch {
        complete = false;
      }
    }
  };
  await Promise.all(Array.from({ length: CODE_PARALLEL }, worker));
  return complete;
}

export const ALL_SCREENS = 'Some screens';

type StartOptions = {
  router: AnyRouter;
  queryClient: QueryClient;
  userId: string;
  company: boolean;
  /** The menu's areas as they are when the data step begins. */
  areas: () => readonly ReadinessArea[];
};

/** Idempotent per user: the signed-in frame calls it on every render. */
export function startOfflineReadiness({ router, queryClient, userId, company, areas }: StartOptions): void {
  if (startedFor === userId || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  startedFor = userId;
  const done = readRecord(userId);
  if (done) {
    setState({ status: 'ready', notReady: done.notReady });
    return;
  }
  setState({ status: 'preparing' });
  void (async () => {
    await whenOnline();
    // The precache is complete once a worker is active: from here the app itself opens offline.
    await navigator.serviceWorker.ready;
    const notReady = await prepareData(router, queryClient, areas());
    if (!(await prepareCode(router, frameRoutes(router, company)))) notReady.push(ALL_SCREENS);
    // The same module the offline session loaded (a chunk of its own, kept off the frame's).
    await (await import('../offline/persisted-cache')).flushPersistedCache();
    if (startedFor !== userId) return;
    writeRecord(userId, notReady);
    setState({ status: 'ready', notReady });
    if (notReady.length === 0) showSuccessToast({ id: 'offline-ready', message: READY_TO_WORK_OFFLINE });
    else
      showToast({
        id: 'offline-ready',
        color: 'yellow',
        title: READY_TO_WORK_OFFLINE,
        message: `${NOT_READY_OFFLINE}: ${notReady.join(', ')}. They open when you are online.`,
      });
  })();
}
