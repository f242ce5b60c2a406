// Web Push: the devices a person allowed notifications on, and what a push message carries to
// the service worker. The server sends every notification of the bell to the person's devices
// (a background job); the worker shows it, and a click opens the notification's link or, for
// an action that writes, queues the write in its outbox (exactly once, offline-safe).
import * as v from 'valibot';
import { singleLine } from './validators';

export const PUSH_SUBSCRIPTIONS_RESOURCE = 'push-subscriptions';

export const pushPaths = {
  /** GET: `PushDevices` (the caller's own devices and the server's public key); POST `PushSubscribeInput`: 201 `PushDevice`. */
  list: `/api/${PUSH_SUBSCRIPTIONS_RESOURCE}`,
  /** DELETE one of the caller's own devices: 204 (404 when it is not theirs). */
  one: (id: string) => `/api/${PUSH_SUBSCRIPTIONS_RESOURCE}/${encodeURIComponent(id)}`,
  /** POST `{ endpoint }`: this device signs out — its subscription is removed when it is the caller's; 204 either way. */
  remove: `/api/${PUSH_SUBSCRIPTIONS_RESOURCE}/remove`,
} as const;

/** What `PushManager.subscribe()` gave the browser (its `toJSON()`), and a name for the device. */
const endpointField = v.pipe(
  v.string('Field is required.'),
  v.nonEmpty('Field is required.'),
  singleLine,
  v.maxLength(1000, 'Max length exceeded.'),
  v.url('This is not a push service address.'),
);
const keyField = v.pipe(
  v.string('Field is required.'),
  v.nonEmpty('Field is required.'),
  v.maxLength(200, 'Max length exceeded.'),
  v.regex(/^[A-Za-z0-9_-]+=*$/, 'This is not a push key.'),
);

export const PushSubscribeInputSchema = v.object({
  endpoint: endpointField,
  keys: v.object({ p256dh: keyField, auth: keyField }),
  device: v.pipe(
    v.string('Field is required.'),
    v.trim(),
    v.nonEmpty('Field is required.'),
    singleLine,
    v.maxLength(120, 'Max length exceeded.'),
  ),
});
export type PushSubscribeInput = v.InferOutput<typeof PushSubscribeInputSchema>;

export const PushRemoveInputSchema = v.object({ endpoint: endpointField });
export type PushRemoveInput = v.InferOutput<typeof PushRemoveInputSchema>;

export type PushDevice = {
  id: string;
  device: string;
  /** The push service's address: the page compares it with its own subscription ("This device"). */
  endpoint: string;
  created_at: string;
  last_sent_at: string | null;
};

export type PushDevices = {
  /** The VAPID public key (base64url, uncompressed P-256 point): PushManager.subscribe's applicationServerKey. */
  public_key: string;
  results: PushDevice[];
};

/**
 * A button on the system notification. `write`: the worker queues the request in its outbox
 * (with an Idempotency-Key of its own), then opens `link`; `open`: it opens `link`.
 */
export type PushAction =
  | {
      action: string;
      title: string;
      kind: 'write';
      method: 'POST' | 'PUT' | 'DELETE';
      /** An /api path. */
      path: string;
      /** The resource the write belongs to (the outbox keeps order per resource). */
      resource: string;
      /** What the user did, in words (the outbox view shows it). */
      label: string;
      body: Record<string, unknown>;
      link: string;
    }
  | { action: string; title: string; kind: 'open'; link: string };

/** The JSON a push message carries (encrypted per RFC 8291; at most 4 KB). */
export type PushPayload = {
  /** The notification's id: also the system notification's tag. */
  id: string;
  /** The recipient: a worker signed in as someone else on the device does not act. */
  user_id: string;
  title: string;
  body: string;
  /** Where a click leads (an app route), or null: the app's home. */
  link: string | null;
  todo: boolean;
  actions: PushAction[];
};

/** The icon the worker shows beside every notification. */
export const PUSH_ICON = '/icons/icon-192.png';
