// Other tabs of the app share this one's session through local storage: when one
// of them removes `loggedIn` or `permissions` (a logout), this tab is logged out too, with
// "You have been logged out!"; when one of them signs in, this tab reloads into the session.
import { LOGGED_IN_KEY } from '../../../client/auth/token-store';
import { clearSession, SESSION_KEYS } from '../../../client/auth/session-store';

export type SessionEventHandlers = {
  /** Another tab ended the session; what is left of it here is already cleared. */
  onLoggedOut: () => void;
  /** Another tab signed in. */
  onLoggedIn: () => void;
};

export function watchOtherTabs({ onLoggedOut, onLoggedIn }: SessionEventHandlers): () => void {
  const listener = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    const removed =
      event.newValue === null && (event.key === null || event.key === LOGGED_IN_KEY || event.key === SESSION_KEYS.permissions);
    if (removed) {
      clearSession();
      onLoggedOut();
      return;
    }
    if (event.key === LOGGED_IN_KEY && event.newValue === '1' && event.oldValue !== '1') onLoggedIn();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
