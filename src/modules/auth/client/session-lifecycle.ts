// Starts what keeps the session true in this tab: the token refresh, and the
// watch on other tabs' logouts and logins. Started once by the client's entry.
import { reloadPage } from '../../../client/shell/reload-page';
import { showInfoToast } from '../../../client/shell/toasts';
import { watchOtherTabs } from './session-events';
import { startTokenRefresh } from './token-refresh';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** Pages a signed-out visitor may stay on when the session ends in another tab. */
const SIGNED_OUT_PAGES = ['/login', '/reset-password', '/confirm-email', '/token', '/sign-up'];

export type SessionLifecycleOptions = {
  currentPath: () => string;
  /** Empties the cached data of the session and shows /login (with the logged-out notice when asked). */
  goToLogin: (options: { loggedOut: boolean }) => void;
};

export function startSessionLifecycle({ currentPath, goToLogin }: SessionLifecycleOptions): () => void {
  const refresh = startTokenRefresh({
    onRefused: () => {
      showInfoToast({ id: 'session-ended', message: SESSION_ENDED_MESSAGE });
      goToLogin({ loggedOut: false });
    },
  });
  const stopWatching = watchOtherTabs({
    onLoggedOut: () => {
      if (!SIGNED_OUT_PAGES.includes(currentPath())) goToLogin({ loggedOut: true });
    },
    onLoggedIn: reloadPage,
  });
  return () => {
    refresh.stop();
    stopWatching();
  };
}
