// What a signed-in user leaves in this browser besides the token: the persisted query cache,
// the realtime channels' last event ids, the service worker's outbox and its mirrored token.
// Each part registers an eraser here; the identity module calls eraseSessionData when the
// session ends, so no part has to know the others.
//   - 'logout': the user chose to leave (after confirming any unsent writes): erase everything.
//   - 'unauthorised': the server ended the session (401): erase the cache, but keep the outbox,
//     whose writes wait for that user to sign in again — nothing is dropped silently.

export type SessionEndReason = 'logout' | 'unauthorised';
export type SessionDataEraser = (userId: string, reason: SessionEndReason) => Promise<void> | void;

const erasers = new Set<SessionDataEraser>();

export function registerSessionDataEraser(eraser: SessionDataEraser): () => void {
  erasers.add(eraser);
  return () => erasers.delete(eraser);
}

/** Runs every eraser; one failing does not stop the others. */
export async function eraseSessionData(userId: string, reason: SessionEndReason): Promise<void> {
  await Promise.allSettled([...erasers].map(async (eraser) => eraser(userId, reason)));
}
