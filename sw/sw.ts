// The service worker: shell precache and offline navigation, a runtime cache for route
// chunks, and the update flow (a new worker waits until the page asks it to take over).
// /api responses are never cached here; offline data lives in the page's persisted query
// cache, and offline writes will go through sw/outbox.ts, registered below the others.
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { SW_MESSAGE } from '../src/shared/sw-messages';
import { registerLazyChunks } from './lazy-chunks';
import { listenForMessages, onMessage } from './messages';
import { registerShell } from './shell';

declare const self: ServiceWorkerGlobalScope;

setCacheNameDetails({ prefix: 'stafflane' });

// Routes match in registration order: the precache first, then navigations, then chunks.
registerShell(self.__WB_MANIFEST);
registerLazyChunks();

// Never skipWaiting on install: the open pages run the old version's chunks, and only the
// user's "Reload" (the page posts SKIP_WAITING) may swap versions under them.
onMessage(SW_MESSAGE.skipWaiting, () => self.skipWaiting());
listenForMessages(self);
clientsClaim();
