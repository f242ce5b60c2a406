// The service worker: shell precache and offline navigation, a runtime cache for route
// chunks, the update flow (a new worker waits until the page asks it to take over) and the
// outbox of queueable writes. /api responses are never cached here; offline data lives in
// the page's persisted query cache, offline writes in the outbox (sw/outbox.ts).
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { SW_MESSAGE } from '../src/shared/sw-messages';
import { cacheLoadedChunks, cacheScreenChunks, registerLazyChunks, splitPrecacheList } from './lazy-chunks';
import { listenForMessages, onMessage } from './messages';
import { registerOutbox } from './outbox-worker';
import { registerPush } from './push';
import { registerShell } from './shell';

declare const self: ServiceWorkerGlobalScope;

setCacheNameDetails({ prefix: 'stafflane' });

// First: its fetch listener takes queueable /api writes, which no workbox route answers.
const { outbox, store } = registerOutbox(self);
// Push messages become notifications; their Approve goes out through the same outbox.
registerPush({ scope: self, outbox, store, now: () => Date.now() });

// Routes match in registration order: the precache first, then navigations, then chunks. The
// install keeps the shell only; the screens' files wait for a signed-in page to ask for them.
const { shell, screens } = splitPrecacheList(self.__WB_MANIFEST);
registerShell(shell);
registerLazyChunks();

// Never skipWaiting on install: the open pages run the old version's chunks, and only the
// user's "Reload" (the page posts SKIP_WAITING) may swap versions under them.
onMessage(SW_MESSAGE.skipWaiting, () => self.skipWaiting());
onMessage(SW_MESSAGE.cacheChunks, (message, event) =>
  message.type === SW_MESSAGE.cacheChunks ? cacheLoadedChunks(message.urls, event) : undefined,
);
// Two tabs asking at once share one pass.
let cachingScreens: ReturnType<typeof cacheScreenChunks> | null = null;
onMessage(SW_MESSAGE.cacheScreens, async (_message, event) => {
  cachingScreens ??= cacheScreenChunks(screens, event).finally(() => (cachingScreens = null));
  event.ports[0]?.postMessage(await cachingScreens);
});
listenForMessages(self);
clientsClaim();
