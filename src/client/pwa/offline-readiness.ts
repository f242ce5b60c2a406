// "Ready to work offline": after a sign-in the device gets, without the person doing anything,
// what it needs to work with no signal, then says so — and names what it could not get. Kept off
// the critical path: nothing starts until the service worker is active (the shell is precached,
// so the app already opens offline) and the page has gone quiet (its own calls answered, the
// browser idle), and then one thing at a time:
//
// 1. Code: the worker fetches every screen's files its install left out (sw/lazy-chunks.ts), in
//    the worker, off the page's main thread.
// 2. Data: each menu area in turn — its own address and the screens beside it that take no
//    address parameter (its forms: /expenses/new, /overtime/report…) — is preloaded when the
//    page is quiet again: its loader starts the page's first queries, whose answers the
//    persisted cache keeps like any page seen (special-category data only when it is the
//    person's own).
// 3. Detail pages: those a worker is likely to open on site, read from the first pages just
//    loaded (the notices, the documents they may read, their own incident records and
//    return-to-work forms, My settings: ClientModule.offlineDetails), at most DETAILS_PER_AREA
//    of each and DETAILS_AT_MOST in all, in the same way.
//
// Once per user and build: being ready is kept in localStorage for READY_FOR_MS, so a reload or
// a reopened app (offline too) says it at once and fetches nothing; what failed is tried again
// at the next start. Logout erases it with the
// rest of the session's data. The steps are injected (offline-readiness-steps.ts in the app), so
// the sequence is tested on its own.
import { useSyncExternalStore } from 'react';
import { registerSessionDataEraser } from '../offline/session-data';
import { SOME_SCREENS } from './offline-readiness-copy';

/** Done again after this long (or for a new build): the first pages' data gets old. */
export const READY_FOR_MS = 12 * 60 * 60 * 1000;

/** Detail pages fetched ahead of each kind (the first notices of the noticeboard's first page)… */
export const DETAILS_PER_AREA = 8;
/** …and in all: each is one request or two, one at a time. */
export const DETAILS_AT_MOST = 30;

/** A menu area: its title (named if it is not ready) and the addresses whose data it needs. */
export type ReadinessArea = { title: string; hrefs: readonly string[] };

export type OfflineReadiness = { status: 'idle' } | { status: 'preparing' } | { status: 'ready'; notReady: string[] };

export type ReadinessSteps = {
  /** Leaves the person's first screen its first seconds before anything starts (counted from the start, the worker installing meanwhile). */
  rest: () => Promise<void>;
  /** Resolves when the page is quiet: no query fetching, no navigation, the browser idle. */
  whenQuiet: () => Promise<void>;
  isOnline: () => boolean;
  /** Asks the worker for every screen's code; false if some of it could not be fetched. */
  cacheScreens: () => Promise<boolean>;
  /** Preloads one address and waits for its first queries: false if one failed. */
  prepareAddress: (href: string) => Promise<boolean>;
  /** Resolves once what was loaded is written to the persisted cache. */
  flush: () => Promise<void>;
};

/** The detail pages within the caps: each kind's first DETAILS_PER_AREA, DETAILS_AT_MOST in all, none twice. */
export function cappedDetails(details: readonly ReadinessArea[]): ReadinessArea[] {
  const seen = new Set<string>();
  const capped: ReadinessArea[] = [];
  for (const detail of details) {
    const hrefs: string[] = [];
    for (const href of detail.hrefs) {
      if (hrefs.length === DETAILS_PER_AREA || seen.size === DETAILS_AT_MOST) break;
      if (seen.has(href)) continue;
      seen.add(href);
      hrefs.push(href);
    }
    if (hrefs.length > 0) capped.push({ title: detail.title, hrefs });
  }
  return capped;
}

/**
 * Runs the steps in order, one at a time: the screens' code, the menu's areas, then the detail
 * pages `details` reads from what the areas loaded. Answers what is not ready (titles, SOME_SCREENS).
 */
export async function prepareOffline(
  areas: () => readonly ReadinessArea[],
  steps: ReadinessSteps,
  details: () => Promise<readonly ReadinessArea[]> = () => Promise.resolve([]),
): Promise<string[]> {
  const notReady: string[] = [];
  const prepare = async (area: ReadinessArea) => {
    let ready = true;
    for (const href of area.hrefs) {
      await steps.whenQuiet();
      // The signal went: what is left is not ready (asked again at the next start).
      if (!steps.isOnline() || !(await steps.prepareAddress(href).catch(() => false))) ready = false;
    }
    if (!ready && !notReady.includes(area.title)) notReady.push(area.title);
  };
  await steps.rest();
  await steps.whenQuiet();
  if (!steps.isOnline() || !(await steps.cacheScreens())) notReady.push(SOME_SCREENS);
  for (const area of areas()) await prepare(area);
  // A module's list that could not be read (its code offline) leaves its pages to be opened online.
  for (const detail of cappedDetails(await details().catch(() => []))) await prepare(detail);
  await steps.flush();
  return notReady;
}

let state: OfflineReadiness = { status: 'idle' };
const listeners = new Set<() => void>();
let startedFor: string | null = null;

function setState(next: OfflineReadiness): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getOfflineReadiness(): OfflineReadiness {
  return state;
}

export function useOfflineReadiness(): OfflineReadiness {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => state,
    () => state,
  );
}

type ReadyRecord = { build: string; at: number; notReady: string[] };

const recordKey = (userId: string) => `stafflane:offline-ready:${userId}`;

/** This user's outcome for this build, if it is recent enough. */
export function readReadyRecord(userId: string, build: string, now = Date.now()): string[] | null {
  try {
    const record = JSON.parse(localStorage.getItem(recordKey(userId)) ?? 'null') as ReadyRecord | null;
    return record && record.build === build && now - record.at < READY_FOR_MS ? record.notReady : null;
  } catch {
    return null;
  }
}

function writeReadyRecord(userId: string, build: string, notReady: string[]): void {
  try {
    localStorage.setItem(recordKey(userId), JSON.stringify({ build, at: Date.now(), notReady } satisfies ReadyRecord));
  } catch {
    // Without storage it is simply done again at the next start.
  }
}

/** Forgets a user's readiness: their data was erased (logout, the session ended). */
export function forgetOfflineReadiness(userId: string): void {
  try {
    localStorage.removeItem(recordKey(userId));
  } catch {
    // nothing kept
  }
  if (startedFor !== userId) return;
  startedFor = null;
  setState({ status: 'idle' });
}

registerSessionDataEraser((userId) => forgetOfflineReadiness(userId));

export type StartReadiness = {
  userId: string;
  build: string;
  /** Resolves once the service worker is active (never without one: nothing is prepared then). */
  workerReady: Promise<unknown>;
  /** The menu's areas as they are when the data step begins (its rules may still be loading now). */
  areas: () => readonly ReadinessArea[];
  /** The detail pages to fetch ahead, read once the areas are (none if not given). */
  details?: () => Promise<readonly ReadinessArea[]>;
  steps: ReadinessSteps;
  /** Resolves when the device is online. */
  whenOnline: () => Promise<void>;
  /** Says it once, when this start has made the device ready (not when it already was). */
  announce: (notReady: readonly string[]) => void;
};

/** Once per user and page load (the signed-in frame calls it at every render); answers when done. */
export async function startOfflineReadiness({
  userId,
  build,
  workerReady,
  areas,
  details,
  steps,
  whenOnline,
  announce,
}: StartReadiness): Promise<void> {
  if (startedFor === userId) return;
  startedFor = userId;
  const kept = readReadyRecord(userId, build);
  if (kept) return setState({ status: 'ready', notReady: kept });
  // The first screen's seconds pass while the worker installs (its shell's files), not after it.
  const rested = steps.rest();
  await workerReady;
  // Not ready yet, and says so from the moment the worker is in place: an offline reload in the
  // first seconds after a first sign-in opens the app saying it is still getting ready (it goes
  // on when the signal returns).
  if (startedFor !== userId) return;
  setState({ status: 'preparing' });
  await whenOnline();
  if (startedFor !== userId) return;
  const notReady = await prepareOffline(areas, { ...steps, rest: () => rested }, details);
  // Signed out meanwhile: nothing to say, nothing to keep.
  if (startedFor !== userId) return;
  // What failed is tried again at the next start (a reload, the app reopened online).
  if (notReady.length === 0) writeReadyRecord(userId, build, notReady);
  setState({ status: 'ready', notReady });
  announce(notReady);
}

/** For tests: forget who it was started for. */
export function resetOfflineReadinessForTests(): void {
  startedFor = null;
  state = { status: 'idle' };
}
