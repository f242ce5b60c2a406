// Test data for the outbox's page side (not shipped: only *.test.ts import this).
import type { OutboxItemSummary, SwMessage } from '../../shared/sw-messages';

/** An item as the service worker reports it: a waiting contact message unless patched. */
export function outboxSummary(patch: Partial<OutboxItemSummary> = {}): OutboxItemSummary {
  return {
    id: 'k1',
    userId: 'user-a',
    resource: 'contact-us',
    label: 'Message to support',
    method: 'POST',
    url: '/api/contact-us',
    state: 'waiting',
    createdAt: '2025-03-03T09:00:00.000Z',
    nextAttemptAt: null,
    syncedAt: null,
    attempts: 0,
    error: null,
    ...patch,
  };
}

/**
 * A service worker in control of the page that keeps what the page posts to it (the outbox's
 * messages), in the returned list; `removeServiceWorker` takes it away again.
 */
export function controllingServiceWorker(): SwMessage[] {
  const posted: SwMessage[] = [];
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: { postMessage: (message: SwMessage) => posted.push(message) } },
  });
  return posted;
}

export function removeServiceWorker(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
