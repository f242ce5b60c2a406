// Test data for the outbox's page side (not shipped: only *.test.ts import this).
import type { OutboxItemSummary } from '../../shared/sw-messages';

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
