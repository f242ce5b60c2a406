// The bridge against a stand-in service worker: what it tells the worker, and what it does
// with what the worker says.
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SW_MESSAGE, type OutboxItemSummary, type SwMessage } from '../../shared/sw-messages';
import { clearToken, setToken, TOKEN_KEY } from '../auth/token-store';
import { startOutboxBridge } from './outbox-bridge';
import { useOutboxCount, useOutboxItems } from './outbox-items';
import { eraseSessionData } from './session-data';
import { outboxSummary } from './outbox-test-support';

function tokenFor(userId: string, version = 1): string {
  return `h.${btoa(JSON.stringify({ user_id: userId, v: version })).replace(/=+$/, '')}.s`;
}

const summary = (patch: Partial<OutboxItemSummary>) =>
  outboxSummary({ resource: 'alerts', label: 'New alert', url: '/api/alerts', ...patch });

/** navigator.serviceWorker as the bridge uses it; `answer` replies to messages sent with a port. */
class FakeContainer extends EventTarget {
  received: SwMessage[] = [];
  answer: (message: SwMessage) => unknown = () => undefined;
  controller = {
    postMessage: (message: SwMessage, transfer?: Transferable[]) => {
      this.received.push(message);
      const port = transfer?.[0] as MessagePort | undefined;
      const reply = this.answer(message);
      if (port && reply !== undefined) setTimeout(() => port.postMessage(reply), 5);
    },
  };
  startMessages() {}
  getRegistration() {
    return Promise.resolve(undefined);
  }
  /** The worker posting to the page. */
  say(message: SwMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: message }));
  }
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

let workers: FakeContainer;
let stop: () => void;
let queryClient: QueryClient;

beforeEach(() => {
  localStorage.clear();
  workers = new FakeContainer();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: workers });
  queryClient = new QueryClient();
});

afterEach(() => {
  stop?.();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('startOutboxBridge', () => {
  it('mirrors the token at start and on every change, here and in other tabs, and null when it goes', async () => {
    const first = tokenFor('user-a');
    localStorage.setItem(TOKEN_KEY, first);
    stop = startOutboxBridge(queryClient);
    await settle();
    expect(workers.received).toContainEqual({ type: SW_MESSAGE.setToken, token: first, userId: 'user-a' });
    expect(workers.received).toContainEqual({ type: SW_MESSAGE.replayOutbox });

    const refreshed = tokenFor('user-a', 2);
    setToken(refreshed);
    await settle();
    expect(workers.received).toContainEqual({ type: SW_MESSAGE.setToken, token: refreshed, userId: 'user-a' });

    const otherTab = tokenFor('user-a', 3);
    localStorage.setItem(TOKEN_KEY, otherTab);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: otherTab }));
    await settle();
    expect(workers.received).toContainEqual({ type: SW_MESSAGE.setToken, token: otherTab, userId: 'user-a' });

    clearToken();
    await settle();
    expect(workers.received.at(-1)).toEqual({ type: SW_MESSAGE.setToken, token: null, userId: null });
  });

  it('asks for a replay when the page comes online or back into view', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('user-a'));
    stop = startOutboxBridge(queryClient);
    await settle();
    workers.received = [];
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(workers.received).toEqual([{ type: SW_MESSAGE.replayOutbox }, { type: SW_MESSAGE.replayOutbox }]);
  });

  it('keeps the current user’s items from the worker’s list and its changes, and counts what is pending', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('user-a'));
    workers.answer = (message) =>
      message.type === SW_MESSAGE.listOutbox ? { items: [summary({ id: 'k1' }), summary({ id: 'k0', state: 'synced' })] } : undefined;
    stop = startOutboxBridge(queryClient);
    const { result } = renderHook(() => ({ items: useOutboxItems('alerts'), all: useOutboxItems(), count: useOutboxCount() }));
    // The worker's answer, however long a busy machine takes to deliver it.
    await waitFor(() => expect(result.current.items.map((item) => item.id)).toEqual(['k1', 'k0']));
    expect(result.current.count).toBe(1);

    act(() =>
      workers.say({
        type: SW_MESSAGE.outboxChanged,
        userId: 'user-a',
        items: [
          summary({ id: 'k1', state: 'needs_attention' }),
          summary({ id: 'k2', resource: 'contact-us', createdAt: '2025-03-03T10:00:00.000Z' }),
        ],
      }),
    );
    expect(result.current.all.map((item) => item.id)).toEqual(['k2', 'k1']);
    expect(result.current.items.map((item) => item.id)).toEqual(['k1']);
    expect(result.current.count).toBe(2);

    // Another user's list (a tab signed in as someone else) is not this page's.
    act(() => workers.say({ type: SW_MESSAGE.outboxChanged, userId: 'user-b', items: [] }));
    expect(result.current.count).toBe(2);
  });

  it('refreshes the queries of a resource whose write landed', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('user-a'));
    stop = startOutboxBridge(queryClient);
    await settle();
    queryClient.setQueryData(['alerts', 'admin', { page: 1 }], { results: [] });
    queryClient.setQueryData(['notifications', 'page', 1], { results: [] });
    act(() => workers.say({ type: SW_MESSAGE.outboxSynced, item: summary({ state: 'synced' }) }));
    await settle();
    expect(queryClient.getQueryState(['alerts', 'admin', { page: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['notifications', 'page', 1])?.isInvalidated).toBe(false);
  });

  it('on logout erases the user’s outbox and waits for the worker; a lost session only stops replays', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('user-a'));
    let cleared = false;
    workers.answer = (message) => {
      if (message.type !== SW_MESSAGE.clearOutboxUser) return undefined;
      cleared = true;
      return { cleared: true };
    };
    stop = startOutboxBridge(queryClient);
    await settle();
    workers.received = [];
    await eraseSessionData('user-a', 'unauthorised');
    expect(workers.received).toEqual([{ type: SW_MESSAGE.setToken, token: null, userId: null }]);

    await eraseSessionData('user-a', 'logout');
    expect(cleared).toBe(true);
    expect(workers.received.at(-1)).toEqual({ type: SW_MESSAGE.clearOutboxUser, userId: 'user-a' });
  });

  it('does nothing harmful without a service worker', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    localStorage.setItem(TOKEN_KEY, tokenFor('user-a'));
    stop = startOutboxBridge(queryClient);
    window.dispatchEvent(new Event('online'));
    await expect(eraseSessionData('user-a', 'logout')).resolves.toBeUndefined();
  });
});
