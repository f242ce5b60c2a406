// Needs a module registry of its own (vitest.config.ts): persisted-cache.ts keeps the IndexedDB
// store it opened, which must be this file's fake IndexedDB, not one an earlier file made.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCacheOwner, writeCacheOwner } from '../auth/token-store';
import { keptOffForPrivacy } from './kept-off';
import { eraseEndedSessionData, startPersistedCache } from './persisted-cache';
import { registerSessionDataEraser } from './session-data';

const entries = createStore('stafflane-cache', 'query-clients');
type Entry = { buster: string; clientState: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> } };

let signedIn: string | null;
const currentUserId = () => signedIn;
const stops: Array<() => void> = [];

async function persistedFor(userId: string): Promise<Entry | undefined> {
  return get<Entry>(userId, entries);
}

/** The writes are throttled to one a second. */
async function afterWrite(): Promise<void> {
  await vi.advanceTimersByTimeAsync(1100);
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 20));
}

async function start(userId: string | null, buster = 'build-1'): Promise<QueryClient> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  stops.push(await startPersistedCache({ queryClient, userId, currentUserId, buster }));
  return queryClient;
}

beforeEach(() => {
  signedIn = 'user-a';
  localStorage.clear();
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

describe('the persisted query cache', () => {
  it('writes successful queries under the signed-in user, never sensitive or failed ones, and restores them', async () => {
    const queryClient = await start('user-a');
    vi.useFakeTimers();
    queryClient.setQueryData(['notifications', 'page', 1], { results: ['hello'] });
    await queryClient.prefetchQuery({
      queryKey: ['user-personal-details', 'u1'],
      queryFn: () => ({ ni_number: 'QQ123456C' }),
      meta: { sensitive: true },
    });
    await queryClient.prefetchQuery({ queryKey: ['pending-count'], queryFn: () => Promise.reject(new Error('offline')) });
    await afterWrite();

    const entry = await persistedFor('user-a');
    expect(entry?.clientState.queries.map((query) => query.queryKey)).toEqual([['notifications', 'page', 1]]);
    expect(JSON.stringify(entry)).not.toContain('QQ123456C');
    expect(readCacheOwner()).toBe('user-a');

    const reopened = await start('user-a');
    expect(reopened.getQueryData(['notifications', 'page', 1])).toEqual({ results: ['hello'] });
  });

  it('leaves out an answer its query finds sensitive (a document private to HR), keeping the others', async () => {
    const queryClient = await start('user-a');
    vi.useFakeTimers();
    for (const [id, audience, title] of [
      ['1', 'everyone', 'Fire safety policy'],
      ['2', 'hr_private', 'Occupational health report'],
    ]) {
      await queryClient.prefetchQuery({
        queryKey: ['document', id],
        queryFn: () => ({ audience, title }),
        meta: { sensitiveWhere: { key: 'audience', value: 'hr_private' } },
      });
    }
    await queryClient.prefetchQuery({
      queryKey: ['document', 'list'],
      queryFn: () => ({ results: [{ audience: 'everyone' }, { audience: 'hr_private', title: 'Disciplinary letter' }] }),
      meta: { sensitiveWhere: { key: 'audience', value: 'hr_private' } },
    });
    await afterWrite();
    const entry = await persistedFor('user-a');
    expect(entry?.clientState.queries.map((query) => query.queryKey)).toContainEqual(['document', '1']);
    expect(JSON.stringify(entry)).not.toContain('Disciplinary');
    expect(JSON.stringify(entry)).not.toContain('Occupational health');
    // The list is kept without its private item (the page shows the rest offline); the page's own data is untouched.
    expect(queryClient.getQueryData<{ results: unknown[] }>(['document', 'list'])?.results).toHaveLength(2);
    const reopened = await start('user-a');
    expect(reopened.getQueryData(['document', 'list'])).toEqual({ results: [{ audience: 'everyone' }] });
    // The private document itself is named as kept off for privacy, so its page can say why it is missing.
    expect(keptOffForPrivacy({ queryHash: '["document","2"]', meta: undefined })).toBe(true);
    expect(keptOffForPrivacy({ queryHash: '["document","3"]', meta: undefined })).toBe(false);
  });

  it("keeps a person's own special-category records (their incident, their return-to-work form), never anyone else's", async () => {
    const queryClient = await start('user-a');
    vi.useFakeTimers();
    const keptIfOwn = ['person.user_id', 'reported_by_id'];
    const mine = { id: 'i1', person: { user_id: 'user-b' }, reported_by_id: 'user-a', injury: 'Cut hand' };
    const aboutMe = { id: 'i2', person: { user_id: 'user-a' }, reported_by_id: 'user-c', injury: 'Sprained wrist' };
    const others = { id: 'i3', person: { user_id: 'user-b' }, reported_by_id: 'user-c', injury: 'Broken arm' };
    for (const record of [mine, aboutMe, others])
      await queryClient.prefetchQuery({ queryKey: ['incident-log', 'detail', record.id], queryFn: () => record, meta: { keptIfOwn } });
    await queryClient.prefetchQuery({
      queryKey: ['incident-log', 'list', 'mine'],
      queryFn: () => ({ results: [mine, aboutMe], count: 2 }),
      meta: { keptIfOwn },
    });
    // A manager's list holding one other person's record stays off the device whole.
    await queryClient.prefetchQuery({
      queryKey: ['incident-log', 'list', 'everyone'],
      queryFn: () => ({ results: [mine, others], count: 2 }),
      meta: { keptIfOwn },
    });
    await queryClient.prefetchQuery({
      queryKey: ['return-to-work', 'item', 'r1'],
      queryFn: () => ({ user: { id: 'user-a' }, answers: { reason: 'Migraine' } }),
      meta: { keptIfOwn: ['user.id'] },
    });
    await afterWrite();

    const entry = await persistedFor('user-a');
    const kept = entry?.clientState.queries
      .map((query) => query.queryKey)
      .filter((key) => key[0] !== 'notifications' && key[0] !== 'document');
    expect(kept).toEqual([
      ['incident-log', 'detail', 'i1'],
      ['incident-log', 'detail', 'i2'],
      ['incident-log', 'list', 'mine'],
      ['return-to-work', 'item', 'r1'],
    ]);
    expect(JSON.stringify(entry)).not.toContain('Broken arm');
    await start('user-a');
    expect(keptOffForPrivacy({ queryHash: '["incident-log","detail","i3"]', meta: undefined })).toBe(true);
    expect(keptOffForPrivacy({ queryHash: '["incident-log","list","everyone"]', meta: undefined })).toBe(true);
    expect(keptOffForPrivacy({ queryHash: '["incident-log","detail","i1"]', meta: undefined })).toBe(false);
  });

  it('still names what it kept off after a start with no signal and a write (those queries are then not in the cache)', async () => {
    const queryClient = await start('user-a');
    vi.useFakeTimers();
    const others = { id: 'i9', person: { user_id: 'user-b' }, reported_by_id: 'user-c' };
    await queryClient.prefetchQuery({
      queryKey: ['incident-log', 'list', 'company'],
      queryFn: () => ({ results: [others], count: 1 }),
      meta: { keptIfOwn: ['person.user_id', 'reported_by_id'] },
    });
    await afterWrite();
    expect((await get<{ keptOff?: string[] }>('user-a', entries))?.keptOff).toContain('["incident-log","list","company"]');

    // The next start, offline: the list is not restored (it was never stored); any write follows.
    const reopened = await start('user-a');
    expect(reopened.getQueryData(['incident-log', 'list', 'company'])).toBeUndefined();
    vi.useFakeTimers();
    reopened.setQueryData(['notifications', 'page', 1], { results: ['seen offline'] });
    await afterWrite();
    expect((await get<{ keptOff?: string[] }>('user-a', entries))?.keptOff).toContain('["incident-log","list","company"]');
  });

  it('throws away an entry written by another build', async () => {
    await set(
      'user-a',
      {
        timestamp: Date.now(),
        buster: 'build-0',
        clientState: {
          queries: [{ queryKey: ['old'], queryHash: '["old"]', state: { data: 1, status: 'success', dataUpdatedAt: Date.now() } }],
          mutations: [],
        },
      },
      entries,
    );
    const queryClient = await start('user-a', 'build-1');
    expect(queryClient.getQueryData(['old'])).toBeUndefined();
    expect(await persistedFor('user-a')).toBeUndefined();
  });

  it('drops a pending write once the session has ended, and writes a new sign-in under the new user', async () => {
    const queryClient = await start('user-a');
    vi.useFakeTimers();
    queryClient.setQueryData(['alerts'], ['of A']);
    signedIn = null;
    await afterWrite();
    expect(await persistedFor('user-a')).toBeUndefined();

    vi.useFakeTimers();
    queryClient.clear();
    signedIn = 'user-b';
    queryClient.setQueryData(['alerts'], ['of B']);
    await afterWrite();
    expect((await persistedFor('user-b'))?.clientState.queries[0]?.state.data).toEqual(['of B']);
    expect(await persistedFor('user-a')).toBeUndefined();
  });

  it('erases what an ended session left, as unauthorised, when another user (or nobody) is signed in', async () => {
    await set('user-a', { timestamp: Date.now(), buster: 'build-1', clientState: { queries: [], mutations: [] } }, entries);
    writeCacheOwner('user-a');
    const reasons: string[] = [];
    const unregister = registerSessionDataEraser((userId, reason) => void reasons.push(`${userId}:${reason}`));

    await eraseEndedSessionData('user-a');
    expect(await persistedFor('user-a')).toBeDefined();

    await eraseEndedSessionData(null);
    unregister();
    expect(await persistedFor('user-a')).toBeUndefined();
    expect(reasons).toEqual(['user-a:unauthorised']);
    expect(readCacheOwner()).toBeNull();
  });
});
