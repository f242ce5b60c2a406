// The page's side of the service worker's outbox: mirrors the access token into
// the worker (replays use only that one), says when the page is online, keeps the user's
// items for the screens, refreshes a resource's queries when one of its writes lands, and
// erases the outbox on logout. With no service worker (development, a first visit before it
// installs) it only keeps an empty list.
import type { QueryClient } from '@tanstack/react-query';
import { isSwMessage, SW_MESSAGE, type OutboxItemSummary, type SwMessage } from '../../shared/sw-messages';
import { getToken, subscribeToToken, TOKEN_KEY } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import { getOutboxUser, setOutboxItems, setOutboxUser } from './outbox-items';
import { registerSessionDataEraser, type SessionEndReason } from './session-data';

/** How long logout waits for the worker to confirm the outbox is erased. */
const REPLY_TIMEOUT_MS = 5_000;

function container(): ServiceWorkerContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
}

async function activeWorker(): Promise<ServiceWorker | null> {
  const workers = container();
  if (!workers) return null;
  if (workers.controller) return workers.controller;
  // Installed but not yet controlling this page (its first visit): it still keeps the outbox.
  const registration = await workers.getRegistration().catch(() => undefined);
  return registration?.active ?? null;
}

function post(message: SwMessage): void {
  void activeWorker().then((worker) => worker?.postMessage(message));
}

/** A message answered on its port; null when there is no worker or no answer in time. */
async function request<T>(message: SwMessage): Promise<T | null> {
  const worker = await activeWorker();
  if (!worker) return null;
  const channel = new MessageChannel();
  return new Promise<T | null>((resolve) => {
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

export function retryOutboxItem(id: string): void {
  post({ type: SW_MESSAGE.retryOutboxItem, id });
}

export function discardOutboxItem(id: string): void {
  post({ type: SW_MESSAGE.discardOutboxItem, id });
}

async function refreshList(userId: string): Promise<void> {
  const reply = await request<{ items: OutboxItemSummary[] }>({ type: SW_MESSAGE.listOutbox, userId });
  if (reply) setOutboxItems(userId, reply.items);
}

/** Logout erases the user's outbox (and waits for it); a lost session only stops replays, so its writes wait for the next sign-in. */
async function eraseOutbox(userId: string, reason: SessionEndReason): Promise<void> {
  if (reason === 'logout') {
    await request({ type: SW_MESSAGE.clearOutboxUser, userId });
  } else {
    post({ type: SW_MESSAGE.setToken, token: null, userId: null });
  }
  if (getOutboxUser() === userId) setOutboxUser(null);
}

function currentSession(): { token: string | null; userId: string | null } {
  const token = getToken();
  const userId = readTokenClaims(token)?.user_id ?? null;
  return userId ? { token, userId } : { token: null, userId: null };
}

/** Started once per tab with the app's QueryClient; returns the stop (for tests). */
export function startOutboxBridge(queryClient: QueryClient): () => void {
  const unregisterEraser = registerSessionDataEraser(eraseOutbox);
  const workers = container();
  if (!workers) return unregisterEraser;

  const mirror = () => {
    const { token, userId } = currentSession();
    setOutboxUser(userId);
    post({ type: SW_MESSAGE.setToken, token, userId });
    if (userId) void refreshList(userId);
  };
  const replay = () => post({ type: SW_MESSAGE.replayOutbox });

  const onMessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isSwMessage(message)) return;
    if (message.type === SW_MESSAGE.outboxChanged) setOutboxItems(message.userId, message.items);
    if (message.type === SW_MESSAGE.outboxSynced && message.item.userId === getOutboxUser()) {
      void queryClient.invalidateQueries({ queryKey: [message.item.resource] });
    }
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) mirror();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') replay();
  };
  // A new worker (the first install, an update) starts without this page's token.
  const onControllerChange = () => {
    mirror();
    replay();
  };

  workers.addEventListener('message', onMessage);
  workers.startMessages();
  workers.addEventListener('controllerchange', onControllerChange);
  const unsubscribe = subscribeToToken(mirror);
  window.addEventListener('storage', onStorage);
  window.addEventListener('online', replay);
  document.addEventListener('visibilitychange', onVisible);
  mirror();
  replay();

  return () => {
    unregisterEraser();
    unsubscribe();
    workers.removeEventListener('message', onMessage);
    workers.removeEventListener('controllerchange', onControllerChange);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('online', replay);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
