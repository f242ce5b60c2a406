import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '../../shared/notifications.contract';
import type { RealtimeEvent } from '../../shared/realtime';
import { createRealtimeEventHandler, type RealtimeEventHandler } from './realtime-events';
import { testNotification } from './realtime-test-support';

let queryClient: QueryClient;
let handler: RealtimeEventHandler;

const KEYS = [
  ['notifications', 'page', 1],
  ['notifications', 'page', 2],
  ['notifications-settings'],
  ['pending-count'],
  ['user-absence', 'list', { page: 1 }],
  ['user'],
  ['alerts'],
];

const notification = testNotification;

function page(results: Notification[], unread: number, count = results.length): NotificationsPage {
  return { results, count, next_offset: results.length, unread };
}

function send(extra: Partial<RealtimeEvent>): void {
  handler.handleEvent({ id: '1', channel: 'user-u1', event: 'changed', invalidates: [], payload: null, ...extra });
}

const invalidated = () => KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
const bell = () => queryClient.getQueryData<NotificationsPage>(['notifications', 'page', 1]);

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  for (const key of KEYS) queryClient.setQueryData(key, key[0] === 'notifications' ? page([], 0) : {});
  handler = createRealtimeEventHandler(queryClient);
});

describe('invalidation', () => {
  it('refetches only the queries whose key starts with a named resource', () => {
    send({ invalidates: ['user-absence', 'pending-count'] });
    expect(invalidated()).toEqual(['["pending-count"]', '["user-absence","list",{"page":1}]']);
  });

  it('a name is a whole key part: notifications does not touch notifications-settings', () => {
    send({ invalidates: ['notifications'] });
    expect(invalidated()).toEqual(['["notifications","page",1]', '["notifications","page",2]']);
  });

  it('a reset refetches everything cached', () => {
    handler.handleReset('company-c1');
    expect(invalidated()).toHaveLength(KEYS.length);
  });
});

describe('notification events', () => {
  it('prepend the notification to the bell page and count it as unread', () => {
    queryClient.setQueryData(['notifications', 'page', 1], page([notification('older', false)], 0));
    send({ event: 'notification', payload: notification('new-one'), invalidates: [] });
    expect(bell()?.results.map((listed) => listed.id)).toEqual(['new-one', 'older']);
    expect(bell()).toMatchObject({ count: 2, unread: 1 });
    // The bell is refetched too, so a fetch that started before the notification existed cannot win.
    expect(invalidated()).toContain('["notifications","page",1]');
    expect(queryClient.getQueryData<NotificationsPage>(['notifications', 'page', 2])?.results).toEqual([]);
  });

  it('do not list or count a notification the bell already has (its own refetch brought it)', () => {
    queryClient.setQueryData(['notifications', 'page', 1], page([notification('same'), notification('older')], 2));
    send({ event: 'notification', payload: notification('same') });
    expect(bell()?.results.map((listed) => listed.id)).toEqual(['same', 'older']);
    expect(bell()).toMatchObject({ count: 2, unread: 2 });
  });

  it('keep the page at its size, and a notification already read does not raise the badge', () => {
    const full = Array.from({ length: 20 }, (_, index) => notification(`n${index}`, false));
    queryClient.setQueryData(['notifications', 'page', 1], page(full, 0, 45));
    send({ event: 'notification', payload: notification('read-elsewhere', false) });
    expect(bell()?.results).toHaveLength(20);
    expect(bell()?.results[0]?.id).toBe('read-elsewhere');
    expect(bell()).toMatchObject({ count: 46, unread: 0 });
  });

  it('leave the cache alone when the payload is not a notification', () => {
    send({ event: 'notification', payload: { something: 'else' } });
    expect(bell()?.results).toEqual([]);
  });
});
