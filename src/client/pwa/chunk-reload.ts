// After a deploy, a page that loaded before it may ask for chunks the server no longer has.
// Vite reports a failed preload with `vite:preloadError`; one reload fetches the new version.
// The router does the same for route components (lazyRouteComponent). Never more than one
// reload a minute, and never offline, where a reload would fail the same way.
import { reloadPage } from '../shell/reload-page';

const LAST_RELOAD_KEY = 'stafflane:chunk-reload-at';
const MIN_INTERVAL_MS = 60_000;

export function reloadOnChunkLoadFailure(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine) return;
    try {
      const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
      if (Date.now() - last < MIN_INTERVAL_MS) return;
      sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    } catch {
      return; // without storage a reload could loop
    }
    event.preventDefault();
    reloadPage();
  });
}
