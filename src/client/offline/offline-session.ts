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

let started: Promise<void> | null = null;

/** Idempotent: the entry calls it at start, the signed-in frame after a sign-in in this tab. */
export function startOfflineSession(queryClient: QueryClient): Promise<void> {
  started ??= (async () => {
    const userId = currentUserId();
    await eraseEndedSessionData(userId);
    await startPersistedCache({ queryClient, userId, currentUserId, buster: __BUILD_ID__ });
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
