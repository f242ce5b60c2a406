// What a signed-in session keeps in this browser beyond its token, started once per tab: the
// persisted query cache (restored before the first route loads), the service worker's outbox
// bridge and the realtime connection. Loaded only when someone is signed in, or when a session
// that ended without a logout left data behind — never on a first visit to /login, whose
// bundle stays small.
import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import { startRealtime } from '../realtime/realtime-connection';
import { startOutboxBridge } from './outbox-bridge';
import { eraseEndedSessionData, startPersistedCache } from './persisted-cache';
import { eraseSessionData, type SessionEndReason } from './session-data';

const currentUserId = () => readTokenClaims(getToken())?.user_id ?? null;

/**
 * How long the first page waits for the pages this browser kept. Reading them takes milliseconds,
 * but IndexedDB's open can wait with no end (another tab holding the database through a version
 * change, the browser clearing the site's data while a page of it sits in the back-forward
 * cache): the app stayed on its "Loading…" frame. After this long the page starts without them;
 * if they come later they fill only what has not been read afresh (a restore never replaces
 * newer data).
 */
export const STORED_PAGES_WAIT_MS = 8_000;

let started: Promise<void> | null = null;

/**
 * Idempotent: the entry calls it at start, the signed-in frame after a sign-in in this tab.
 * Settles once the kept pages are restored, or failed, or STORED_PAGES_WAIT_MS has passed; the
 * outbox's bridge and realtime start then in every case.
 */
export function startOfflineSession(queryClient: QueryClient): Promise<void> {
  started ??= (async () => {
    const userId = currentUserId();
    const restoring = (async () => {
      await eraseEndedSessionData(userId);
      await startPersistedCache({ queryClient, userId, currentUserId, buster: __BUILD_ID__ });
    })();
    await Promise.race([restoring.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, STORED_PAGES_WAIT_MS))]);
    startOutboxBridge(queryClient);
    startRealtime({ queryClient });
  })();
  return started;
}

/** A session ended here without a logout (refused refresh, another tab's logout): erase what it left. */
export function sessionEnded(): Promise<void> {
  return eraseEndedSessionData(currentUserId());
}

/** Erases a user's data through every part (importing this module registers them all). */
export function eraseUserData(userId: string, reason: SessionEndReason): Promise<void> {
  return eraseSessionData(userId, reason);
}
