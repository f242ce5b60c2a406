// A derived resource (the calendar, made of absences, shifts and tasks) goes stale with any of
// its sources, whether this tab wrote or a realtime event said so; unrelated names leave it be.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setRealtimeStatus } from '../realtime/realtime-status';
import { deriveResource, invalidateHeardResources, invalidateResources } from './invalidate-resources';

deriveResource('test-calendar', ['test-absence', 'test-shift']);

function clientWith(...keys: string[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData([key, { page: 1 }], { ok: true });
  return client;
}
const stale = (client: QueryClient, key: string) => client.getQueryState([key, { page: 1 }])?.isInvalidated;

describe('derived resources', () => {
  it('are invalidated by a realtime event naming one of their sources', () => {
    const client = clientWith('test-calendar', 'test-notice');
    invalidateHeardResources(client, ['test-notice']);
    expect(stale(client, 'test-calendar')).toBe(false);
    invalidateHeardResources(client, ['test-shift']);
    expect(stale(client, 'test-calendar')).toBe(true);
  });

  it("are invalidated by this tab's own write of a source", async () => {
    const client = clientWith('test-calendar');
    await invalidateResources(client, ['test-absence']);
    expect(stale(client, 'test-calendar')).toBe(true);
  });
});

describe("this tab's own write and the events after it", () => {
  afterEach(() => setRealtimeStatus('stopped'));

  it('takes the first event naming what it wrote for its echo while realtime is connected', async () => {
    setRealtimeStatus('connected');
    const client = clientWith('test-overtime');
    await invalidateResources(client, ['test-overtime']);
    client.setQueryData(['test-overtime', { page: 1 }], { ok: true });
    invalidateHeardResources(client, ['test-overtime']);
    expect(stale(client, 'test-overtime')).toBe(false);
    // The next one is someone else's change.
    invalidateHeardResources(client, ['test-overtime']);
    expect(stale(client, 'test-overtime')).toBe(true);
  });

  it('expects no echo of a write made before realtime connected: the next event is refetched', async () => {
    setRealtimeStatus('connecting');
    const client = clientWith('test-overtime');
    await invalidateResources(client, ['test-overtime']);
    client.setQueryData(['test-overtime', { page: 1 }], { ok: true });
    setRealtimeStatus('connected');
    // A manager approves what was just reported: heard, and read again.
    invalidateHeardResources(client, ['test-overtime']);
    expect(stale(client, 'test-overtime')).toBe(true);
  });
});
