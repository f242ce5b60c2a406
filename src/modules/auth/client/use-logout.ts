// Signing out (SPEC §4): tell the server, then — whatever it answered, even with no network —
// forget the session here, empty the query cache and go to /login?logout=1.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logout } from './auth.api';
import { clearSession } from './session-store';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Offline, a paused mutation would never settle; try at once and sign out regardless.
    networkMode: 'always',
    meta: { errorToast: false },
    onSettled: async () => {
      // Cleared before navigating: /login sends a stored session back to /.
      clearSession();
      await navigate({ to: '/login', search: { logout: 1 } });
      queryClient.clear();
    },
  });
}
