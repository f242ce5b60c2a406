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

/**
 * The scripts and styles this page loaded so far — before the worker controlled it, on a first
 * visit — handed to the worker to keep, and again whenever the page loads more (a route's chunk)
 * until the worker controls the page and sees those requests itself.
 */
function shareLoadedChunks(container: ServiceWorkerContainer): void {
  const send = (entries: PerformanceEntryList) => {
    const urls = entries.map((entry) => entry.name).filter((name) => new URL(name).pathname.startsWith('/assets/'));
    if (urls.length > 0)
      void container.ready.then((registration) => registration.active?.postMessage({ type: SW_MESSAGE.cacheChunks, urls }));
  };
  send(performance.getEntriesByType('resource'));
  if (container.controller || typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => send(list.getEntries()));
  observer.observe({ type: 'resource' });
  container.addEventListener('controllerchange', () => observer.disconnect(), { once: true });
}

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
  void container.ready.then(() => shareLoadedChunks(container));

  // An installed app can stay open for days: look for a new version now and then, and
  // whenever it comes back to the foreground.
  const checkForUpdate = () => void workbox.update().catch(() => undefined);
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
}
