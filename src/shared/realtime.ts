// The realtime event every channel carries: written once to the
// event table by the server's publish(), then delivered to the channel's subscribers.

export type RealtimeEvent = {
  /** The event table's id as a string (a bigint): ordered, so a client can replay from it. */
  id: string;
  channel: string;
  /** `notification` for a real-time notification, whose payload is the notification. */
  event: string;
  /** Resource names as the API spells them (`notifications`, `user-absence`): cached data to refetch. */
  invalidates: string[];
  payload: unknown;
};

export const GLOBAL_CHANNEL = 'global';

/** A user's private channel. */
export function userChannel(userId: string): string {
  return `user-${userId}`;
}

/** Everybody in one company. */
export function companyChannel(companyId: string): string {
  return `company-${companyId}`;
}

export const NOTIFICATION_EVENT = 'notification';

/** Event ids are the event table's bigints as decimal text: a longer one is larger, then by characters. */
export function compareEventIds(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}

// ---- The wire protocol of the built-in transport (WebSocket at REALTIME_PATH) ----
// A browser cannot set headers on a WebSocket, and a token in the URL would end up in logs:
// the client sends its access token as the first message, and again after every refresh.

export const REALTIME_PATH = '/api/realtime';

/** Client → server. */
export type RealtimeClientMessage =
  /** First message, within REALTIME_AUTH_TIMEOUT_MS of opening; again with each refreshed token (same user and session). */
  | { type: 'auth'; token: string }
  /** Hear a channel; with the last event id seen on it, every later event is replayed first, in order. */
  | { type: 'subscribe'; channel: string; last_event_id?: string | null }
  | { type: 'ping' };

/** Server → client. */
export type RealtimeServerMessage =
  /** The token was accepted; `channels` are the ones this session may subscribe to. */
  | { type: 'ready'; channels: string[] }
  /**
   * Replay for the channel is done; live events follow. Asked with no last event id, it names
   * the newest event id now: the client goes on from there, and knows that what happened before
   * the subscription (after its page read its data) was not heard.
   */
  | { type: 'subscribed'; channel: string; last_event_id?: string }
  | { type: 'event'; event: RealtimeEvent }
  /**
   * The last event id is older than the retention (or unknown): refetch everything cached, and
   * replay from `last_event_id` (the newest event now) next time.
   */
  | { type: 'reset'; channel: string; last_event_id: string }
  /** A channel the session may not hear (logged by the client, never shown to the user: ). */
  | { type: 'subscription_error'; channel: string; message: string }
  | { type: 'pong' };

/** Close codes the server uses (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** No valid token, or no auth message in time: the client waits for a fresh token before reconnecting. */
  unauthenticated: 4401,
  /** The session ended (logout, revocation, expiry, a new token of another session): do not reconnect with it. */
  sessionEnded: 4403,
  /** A message that is not JSON of the protocol's shape. */
  badMessage: 4400,
} as const;

export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/** GET — which transport the client should use, and the replay over HTTP that the Ably transport needs. */
export const realtimePaths = {
  /** GET (public: it names the transport and nothing else) → RealtimeConfig. */
  config: '/api/realtime/config',
  /** GET ?channel=&after= → RealtimeReplay (events of one channel after an id, oldest first). */
  events: '/api/realtime/events',
  /** POST → an Ably TokenRequest for the caller's channels only (when ABLY_API_KEY is set). */
  broadcastAuth: '/api/broadcast/auth',
} as const;

export type RealtimeTransportName = 'socket' | 'ably';
export type RealtimeConfig = { transport: RealtimeTransportName };
/**
 * `reset: true` means `after` is older than the retention (or unknown): refetch everything and
 * go on from `last_event_id`. `more: true` means ask again after the last id.
 */
export type RealtimeReplay = { results: RealtimeEvent[]; reset: boolean; more: boolean; last_event_id?: string };

/** Ably channel names carry a namespace so a shared Ably app can hold other things. */
export const ABLY_CHANNEL_PREFIX = 'stafflane:';
/** On Ably an event is one message on ABLY_CHANNEL_PREFIX + its channel, named `event.event`, whose data is the RealtimeEvent itself (an object, or its JSON). */
export type AblyEventMessage = { name: string; data: RealtimeEvent | string };
/** Pusher private channels are `private-` + the channel name. */
export const PUSHER_CHANNEL_PREFIX = 'private-';

/** The channels a signed-in user may hear: their own, their company's (when they have one), and the global one. */
export function channelsFor(session: { userId: string; companyId: string | null }): string[] {
  return [userChannel(session.userId), ...(session.companyId ? [companyChannel(session.companyId)] : []), GLOBAL_CHANNEL];
}
