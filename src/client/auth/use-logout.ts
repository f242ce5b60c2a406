// Signing out: drop this device's push subscription, tell the server, then — whatever it
// answered, even with no network — forget the session here, erase what it kept in this browser (the persisted cache, realtime
// event ids, the outbox: the user menu has already asked about unsent writes), empty the query
// cache and go to /login?logout=1.
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { forgetThisDevice } from '../pwa/push-device';
import { sessionPaths } from '../../shared/session.contract';
import { apiFetch } from '../api/api-client';
import { clearSession, currentClaims } from './session-store';

const PUSH_FORGET_TIMEOUT_MS = 3_000;

/** Ends the session on the server; what this browser kept is the caller's to forget. */
export async function logout(): Promise<void> {
  await apiFetch<void>(sessionPaths.logout, { method: 'POST', handleUnauthorised: false });
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    // While the token still works: this device stops getting the person's push notifications.
    // Never held up by it: offline it is skipped (the push service's 410 removes the device later),
    // and a server that does not answer gets a few seconds. Imported with the menu, not on demand:
    // a chunk fetched at logout may be out of reach (the server down), and a failed chunk load
    // reloads the page (chunk-reload.ts) in the middle of signing out.
    mutationFn: async () => {
      if (onlineManager.isOnline()) {
        const forget = forgetThisDevice().catch(() => undefined);
        await Promise.race([forget, new Promise((resolve) => setTimeout(resolve, PUSH_FORGET_TIMEOUT_MS))]);
      }
      return logout();
    },
    // Offline, a paused mutation would never settle; try at once and sign out regardless.
    networkMode: 'always',
    meta: { errorToast: false },
    onSettled: async () => {
      const userId = currentClaims()?.user_id;
      // Cleared before navigating: /login sends a stored session back to /.
      clearSession();
      if (userId) {
        const offline = await import('../offline/offline-session');
        await offline.eraseUserData(userId, 'logout').catch(() => undefined);
      }
      await navigate({ to: '/login', search: { logout: 1 } });
      queryClient.clear();
    },
  });
}
