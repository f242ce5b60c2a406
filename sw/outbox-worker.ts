// Wires the outbox (sw/outbox.ts) into the worker: the fetch listener that takes queueable
// writes, Background Sync, a replay when the worker starts, and the pages' outbox messages.
import { SW_MESSAGE, type SwMessage } from '../src/shared/sw-messages';
import { onMessage } from './messages';
import { createOutbox, OUTBOX_SYNC_TAG, type Outbox } from './outbox';
import { createOutboxStore, type OutboxStore } from './outbox-store';

// Background Sync is not in TypeScript's WebWorker library (Chromium has it; Safari and Firefox do not).
type SyncEvent = ExtendableEvent & { tag: string };
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

async function postToPages(scope: ServiceWorkerGlobalScope, message: SwMessage): Promise<void> {
  const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

function reply(event: ExtendableMessageEvent, value: unknown): void {
  event.ports[0]?.postMessage(value);
}

/** Wires the outbox in; answers it and its store for the worker's other parts (push actions). */
export function registerOutbox(scope: ServiceWorkerGlobalScope): { outbox: Outbox; store: OutboxStore } {
  const store = createOutboxStore();
  const outbox = createOutbox({
    store,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    postToPages: (message) => postToPages(scope, message),
    registerSync: async () => {
      await (scope.registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG);
    },
    newId: () => crypto.randomUUID(),
    origin: scope.location.origin,
  });

  // Before workbox's routes, which only answer GETs: a queueable write never reaches them.
  scope.addEventListener('fetch', (event) => {
    const response = outbox.handleFetch(event.request);
    if (response) event.respondWith(response);
  });

  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    // Rejecting asks the browser to fire the sync again later, when a write could not get through.
    sync.waitUntil(
      outbox.replay().then((result) => {
        if (result.retryLater) throw new Error('Some queued changes could not be sent yet.');
      }),
    );
  });

  onMessage(SW_MESSAGE.setToken, (message) => {
    if (message.type === SW_MESSAGE.setToken) return outbox.setToken(message.token, message.userId);
  });
  onMessage(SW_MESSAGE.replayOutbox, async () => {
    await outbox.replay();
  });
  onMessage(SW_MESSAGE.listOutbox, async (message, event) => {
    if (message.type === SW_MESSAGE.listOutbox) reply(event, { items: await outbox.list(message.userId) });
  });
  onMessage(SW_MESSAGE.retryOutboxItem, (message) => {
    if (message.type === SW_MESSAGE.retryOutboxItem) return outbox.retry(message.id);
  });
  onMessage(SW_MESSAGE.discardOutboxItem, (message) => {
    if (message.type === SW_MESSAGE.discardOutboxItem) return outbox.discard(message.id);
  });
  onMessage(SW_MESSAGE.clearOutboxUser, async (message, event) => {
    if (message.type !== SW_MESSAGE.clearOutboxUser) return;
    // Always answered: the page's logout waits for this reply.
    const cleared = await outbox.clearUser(message.userId).then(
      () => true,
      () => false,
    );
    reply(event, { cleared });
  });

  // A worker starts when the browser opens the app or wakes it for an event: replay what waits.
  void outbox.replay();
  return { outbox, store };
}
