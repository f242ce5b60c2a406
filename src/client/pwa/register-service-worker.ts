// Registers the service worker and runs the update flow: a new worker waits; the user is
// told a new version is available; "Reload" asks it to take over, and every open tab
// reloads when it does, so no page keeps running old chunks that the new version has deleted.
import { Workbox } from 'workbox-window';
import { SW_MESSAGE } from '../../shared/sw-messages';
import { reloadPage } from '../shell/reload-page';
import { showUpdatePrompt } from './update-prompt';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
// If the new worker has not taken over by then, a plain reload still gets the new version
// once this tab's old worker lets go.
const TAKE_OVER_FALLBACK_MS = 5_000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const workbox = new Workbox('/sw.js', { scope: '/' });

  // The first worker taking control of a fresh page is not an update; any later change is.
  let controlled = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    reloadPage();
  });

  workbox.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      // The registration's current waiting worker: a newer deploy may have replaced the one announced.
      void container.getRegistration().then((registration) => registration?.waiting?.postMessage({ type: SW_MESSAGE.skipWaiting }));
      window.setTimeout(() => {
        if (!reloading) reloadPage();
      }, TAKE_OVER_FALLBACK_MS);
    });
  });

  void workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));

  // An installed app can stay open for days: look for a new version now and then, and
  // whenever it comes back to the foreground.
  const checkForUpdate = () => void workbox.update().catch(() => undefined);
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
}
