// The app shell: precached at install (the list vite-plugin-pwa injects), and every page
// navigation answered with the precached index.html so the app opens with no network.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// API calls and real files (icons, the manifest) opened directly are never answered with the page.
const notPages = [/^\/api(\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i];

export function registerShell(entries: Array<PrecacheEntry | string>): void {
  precacheAndRoute(entries);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: notPages }));
}
