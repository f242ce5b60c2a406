import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../shared/realtime';
import { eraseSessionData } from '../offline/session-data';
import { compareEventIds } from '../../shared/realtime';
import { openEventCursors } from './last-event-ids';

const ids = createStore('stafflane-realtime', 'last-event-ids');

function event(id: string, channel = 'user-a'): RealtimeEvent {
  return { id, channel, event: 'changed', invalidates: [], payload: null };
}

describe('event ids', () => {
  it('compare as numbers, not as text', () => {
    expect(compareEventIds('9', '10')).toBeLessThan(0);
    expect(compareEventIds('100', '99')).toBeGreaterThan(0);
    expect(compareEventIds('42', '42')).toBe(0);
  });
});

describe('cursors', () => {
  it('start from the stored ids and keep the latest per channel in IndexedDB', async () => {
    await set('cursor-user', { 'user-a': '5' }, ids);
    const cursors = openEventCursors('cursor-user');
    await cursors.ready;
    expect(cursors.lastEventId('user-a')).toBe('5');
    expect(cursors.lastEventId('global')).toBeNull();

    expect(cursors.accept(event('9'))).toBe(true);
    expect(cursors.accept(event('10'))).toBe(true);
    expect(cursors.accept(event('3', 'global'))).toBe(true);
    await cursors.flushed();
    expect(await get('cursor-user', ids)).toEqual({ 'user-a': '10', global: '3' });
    cursors.close();
  });

  it('drop an event seen already, or one at or before what was stored', async () => {
    await set('dedupe-user', { 'user-a': '5' }, ids);
    const cursors = openEventCursors('dedupe-user');
    await cursors.ready;
    expect(cursors.accept(event('5'))).toBe(false);
    expect(cursors.accept(event('4'))).toBe(false);
    expect(cursors.accept(event('7'))).toBe(true);
    expect(cursors.accept(event('7'))).toBe(false);
    // A late event from before the latest is still delivered, but does not move the cursor back.
    expect(cursors.accept(event('6'))).toBe(true);
    await cursors.flushed();
    expect(cursors.lastEventId('user-a')).toBe('7');
    expect(await get('dedupe-user', ids)).toEqual({ 'user-a': '7' });
    cursors.close();
  });

  it("are erased with the user's session data, and only that user's", async () => {
    await set('other-user', { global: '1' }, ids);
    const cursors = openEventCursors('leaving-user');
    await cursors.ready;
    cursors.accept(event('12'));
    await eraseSessionData('leaving-user', 'logout');
    // A write still queued when the session ended does not bring the entry back.
    cursors.accept(event('13'));
    await cursors.flushed();
    expect(await get('leaving-user', ids)).toBeUndefined();
    expect(await get('other-user', ids)).toEqual({ global: '1' });
  });
});
