// This browser's Web Push subscription: whether it can have one, asking the person and
// subscribing with the server's key, and forgetting it on logout (the server is told which
// endpoint to drop while the token still works, then the browser unsubscribes). Loaded only by
// the user settings page and by the user menu (logout), never by /login's first load.
import { apiFetch } from '../api/api-client';
import { pushPaths, type PushDevice, type PushSubscribeInput } from '../../shared/push.contract';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  // No worker registered (a development server): nothing to subscribe with.
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? navigator.serviceWorker.ready : null;
}

/** The push endpoint of this browser, when it has a subscription. */
export async function currentPushEndpoint(): Promise<string | null> {
  const ready = await registration();
  const subscription = await ready?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** "Chrome on Android", "Safari on iPhone": how the device list names this one. */
export function deviceName(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser/.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /Linux|CrOS/.test(userAgent)
              ? 'Linux'
              : 'this device';
  return `${browser} on ${system}`;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** How long the browser's push service (or the service worker) may take before the person is told. */
export const PUSH_ANSWER_TIMEOUT_MS = 15_000;

export class PushRefused extends Error {
  constructor(readonly reason: 'denied' | 'dismissed' | 'unsupported' | 'unavailable' | 'timeout') {
    super(
      reason === 'unsupported'
        ? 'This browser cannot show notifications from Stafflane.'
        : reason === 'timeout'
          ? 'This browser’s push service did not answer. Check the connection and try again later.'
          : reason === 'unavailable'
            ? 'This browser’s push service could not be reached. Try again later.'
            : reason === 'denied'
              ? 'Notifications are blocked for Stafflane in this browser. Allow them in the browser’s site settings, then try again.'
              : 'Notifications were not allowed.',
    );
    this.name = 'PushRefused';
  }
}

/** `promise`, or PushRefused('timeout') when it has not settled in time: a push service that never answers does not spin for ever. */
function inTime<T>(promise: Promise<T>, timeoutMs = PUSH_ANSWER_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushRefused('timeout')), timeoutMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Asks the person (the browser's prompt), subscribes with the server's key and registers the device. */
export async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  // Not the person's answer to the prompt (they take their time): the worker and the push service.
  const ready = await inTime(registration());
  if (!ready) throw new PushRefused('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(permission === 'denied' ? 'denied' : 'dismissed');
  let subscription = await inTime(ready.pushManager.getSubscription());
  const key = keyBytes(publicKey);
  // A subscription made with another key (the server's key changed) cannot be used: make a new one.
  const sameKey = (existing: PushSubscription) => {
    const current = existing.options.applicationServerKey;
    return current !== null && current.byteLength === key.byteLength && new Uint8Array(current).every((byte, i) => byte === key[i]);
  };
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await inTime(
    ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => {
      // The browser's push service refused or could not be reached (offline, or a browser without one).
      throw new PushRefused('unavailable');
    }),
  );
  const json = subscription.toJSON();
  const body: PushSubscribeInput = {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    device: deviceName(),
  };
  return apiFetch<PushDevice>(pushPaths.list, { method: 'POST', body });
}

/** Logout, before the session ends: the server drops this device, then the browser forgets the subscription. */
export async function forgetThisDevice(): Promise<void> {
  const ready = await registration().catch(() => null);
  const subscription = await ready?.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  await apiFetch(pushPaths.remove, { method: 'POST', body: { endpoint: subscription.endpoint }, handleUnauthorised: false }).catch(
    () => undefined,
  );
  await subscription.unsubscribe().catch(() => undefined);
}
