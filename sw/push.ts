// Web Push in the worker: a push message (decrypted by the browser) becomes a system
// notification, one per bell notification (its id is the tag). A click opens the app at the
// notification's link, focusing an open window when there is one. An action that writes (a
// leave request's Approve) goes into the outbox under an Idempotency-Key made from the
// notification and the action, so it is sent exactly once however often it is clicked, now or
// when the network returns — and only for the person the notification was for.
import type { PushAction, PushPayload } from '../src/shared/push.contract';
import type { Outbox } from './outbox';
import { workerRecord } from './outbox-request';
import type { OutboxStore } from './outbox-store';

const ICON = '/icons/icon-192.png';

/** The payload, if it is one of ours: anything else (a test push, a malformed one) shows nothing. */
export function readPayload(data: { json(): unknown } | null): PushPayload | null {
  if (!data) return null;
  let value: unknown;
  try {
    value = data.json();
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const payload = value as Partial<PushPayload>;
  if (typeof payload.id !== 'string' || typeof payload.title !== 'string' || typeof payload.body !== 'string') return null;
  if (typeof payload.user_id !== 'string') return null;
  return {
    id: payload.id,
    user_id: payload.user_id,
    title: payload.title,
    body: payload.body,
    link: typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : null,
    todo: payload.todo === true,
    actions: Array.isArray(payload.actions) ? payload.actions.filter(isAction) : [],
  };
}

function isAction(value: unknown): value is PushAction {
  if (!value || typeof value !== 'object') return false;
  const action = value as Partial<PushAction>;
  if (typeof action.action !== 'string' || typeof action.title !== 'string' || typeof action.link !== 'string') return false;
  if (!action.link.startsWith('/')) return false;
  if (action.kind === 'open') return true;
  return (
    action.kind === 'write' && typeof action.path === 'string' && action.path.startsWith('/api/') && typeof action.resource === 'string'
  );
}

/** The key of one action on one notification: a second click, or a replay, is the same write. */
export const actionKey = (payload: PushPayload, action: PushAction) => `push:${payload.id}:${action.action}`;

export type PushDeps = {
  scope: ServiceWorkerGlobalScope;
  outbox: Pick<Outbox, 'retry'>;
  store: Pick<OutboxStore, 'get' | 'put' | 'getToken'>;
  now: () => number;
};

/** Focuses a window of the app and sends it to `link`, or opens one. */
async function openApp(scope: ServiceWorkerGlobalScope, link: string | null): Promise<void> {
  const url = new URL(link ?? '/', scope.location.origin).toString();
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (open) {
    // Focusing needs the click's user activation; the navigation happens either way.
    await open.focus().catch(() => undefined);
    if (await open.navigate(url).catch(() => null)) return;
  }
  await scope.clients.openWindow(url);
}

/** The click on a notification (`action` is '' for its body). */
export async function handleNotificationClick(deps: PushDeps, payload: PushPayload, actionName: string): Promise<'queued' | 'opened'> {
  const action = payload.actions.find((candidate) => candidate.action === actionName);
  if (action?.kind === 'write') {
    const mirrored = await deps.store.getToken();
    // Someone else signed in on this device, or nobody: the app opens, and asks them to sign in.
    if (mirrored && mirrored.userId === payload.user_id) {
      const id = actionKey(payload, action);
      if (!(await deps.store.get(id))) {
        await deps.store.put(
          workerRecord({
            id,
            userId: payload.user_id,
            resource: action.resource,
            label: action.label,
            method: action.method,
            url: new URL(action.path, deps.scope.location.origin).toString(),
            body: action.body,
            now: deps.now(),
          }),
        );
      }
      // Broadcasts the outbox to open pages and replays it: sent now, or when the network returns.
      await deps.outbox.retry(id);
      return 'queued';
    }
  }
  await openApp(deps.scope, action?.link ?? payload.link);
  return 'opened';
}

export function registerPush(deps: PushDeps): void {
  const { scope } = deps;
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    if (!payload) return;
    const options: NotificationOptions & { actions?: Array<{ action: string; title: string }> } = {
      body: payload.body,
      icon: ICON,
      badge: ICON,
      tag: payload.id,
      data: payload,
      actions: payload.actions.map(({ action, title }) => ({ action, title })),
    };
    event.waitUntil(scope.registration.showNotification(payload.title, options));
  });

  scope.addEventListener('notificationclick', (event) => {
    const payload = readPayload({ json: () => event.notification.data as unknown });
    event.notification.close();
    if (!payload) {
      event.waitUntil(openApp(scope, null));
      return;
    }
    event.waitUntil(handleNotificationClick(deps, payload, event.action));
  });
}
