// Signing out: tell the server, then — whatever it answered, even with no network —
// forget the session here, erase what it kept in this browser (the persisted cache, realtime
// event ids, the outbox: the user menu has already asked about unsent writes), empty the query
// cache and go to /login?logout=1.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logout } from './auth.api';
import { clearSession, currentClaims } from './session-store';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Offline, a paused mutation would never settle; try at once and sign out regardless.
    networkMode: 'always',
    meta: { errorToast: false },
    onSettled: async () => {
      const userId = currentClaims()?.user_id;
      // Cleared before navigating: /login sends a stored session back to /.
      clearSession();
      if (userId) {
        const offline = await import('../../../client/offline/offline-session');
        await offline.eraseUserData(userId, 'logout').catch(() => undefined);
      }
      await navigate({ to: '/login', search: { logout: 1 } });
      queryClient.clear();
    },
  });
}
