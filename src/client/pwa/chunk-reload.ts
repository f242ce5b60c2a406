// After a deploy, a page that loaded before it may ask for chunks the server no longer has.
// Vite reports a failed preload with `vite:preloadError`; one reload fetches the new version.
// Once the router is running, a screen's code that fails is left to the route: its error page
// tries it again in place and reloads (reloadForMissingCode) only if that fails too
// (screen-code-retry.ts) — a reload here came at the moment the signal returned, while the link
// was still settling, and lost what was on screen; a failed preload (a link hovered, the
// readiness fetching ahead) is no reason to reload at all. Never more than one reload a minute,
// and never offline, where a reload would fail the same way.
import { reloadPage } from '../shell/reload-page';

const LAST_RELOAD_KEY = 'stafflane:chunk-reload-at';
const MIN_INTERVAL_MS = 60_000;

let routesRetryInPlace = false;

/** From now on a failed chunk is the route's to retry (called once the route error page's retry is loaded). */
export function leaveChunkFailuresToRoutes(): void {
  routesRetryInPlace = true;
}

/** Reloads the page for code it could not fetch, unless offline or already done this minute: true if it reloads. */
export function reloadForMissingCode(): boolean {
  if (!navigator.onLine) return false;
  try {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return false;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
  } catch {
    return false; // without storage a reload could loop
  }
  reloadPage();
  return true;
}

export function reloadOnChunkLoadFailure(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Not prevented: the import fails, and the route's error page takes it from there.
    if (routesRetryInPlace) return;
    if (reloadForMissingCode()) event.preventDefault();
  });
}
