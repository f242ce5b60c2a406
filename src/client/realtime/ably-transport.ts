// The hosted transport, used when the server says so (ABLY_API_KEY set): the `ably` library,
// loaded only here and only then, authenticates through POST /api/broadcast/auth (a token
// request for the caller's channels only) and delivers the server's events published to
// ABLY_CHANNEL_PREFIX + channel. Ably keeps no history for us: on every (re)attach the events
// missed since the last id come from the event table through GET /api/realtime/events, and
// live messages that arrive meanwhile wait, then go out in id order; the cursors drop repeats.
import type * as Ably from 'ably';
import { REALTIME_UNAVAILABLE_TIMEOUT_MS } from '../../shared/constants';
import { ABLY_CHANNEL_PREFIX, compareEventIds, realtimePaths, type RealtimeEvent, type RealtimeReplay } from '../../shared/realtime';
import { apiFetch } from '../api/api-client';
import type { RealtimeTransport, TransportOptions, TransportSink } from './realtime-transport';

type AblyModule = { Realtime: new (options: Ably.ClientOptions) => Ably.Realtime };

/** The browser build is CommonJS: the bundler may put its exports under `default`. */
async function loadAbly(): Promise<AblyModule> {
  const module = (await import('ably')) as Partial<AblyModule> & { default?: AblyModule };
  return module.Realtime ? (module as AblyModule) : (module.default as AblyModule);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
}

function isRealtimeEvent(value: unknown): value is RealtimeEvent {
  const event = value as Partial<RealtimeEvent> | null;
  return typeof event?.id === 'string' && typeof event.event === 'string' && Array.isArray(event.invalidates);
}

function eventFrom(message: Ably.InboundMessage, channel: string): RealtimeEvent | null {
  let data: unknown = message.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      return null;
    }
  }
  return isRealtimeEvent(data) ? { ...data, channel: data.channel || channel } : null;
}

/** One channel's replay-then-live ordering. */
function createChannelFeed(channel: string, sink: TransportSink, isClosed: () => boolean) {
  let replaying = false;
  let again = false;
  let waiting: RealtimeEvent[] = [];

  async function fetchMissed(): Promise<void> {
    let after = sink.lastEventId(channel);
    // Nothing seen yet on this channel: the page fetches what it shows, there is nothing to catch up.
    while (after && !isClosed()) {
      const replay = await apiFetch<RealtimeReplay>(realtimePaths.events, { query: { channel, after } });
      if (isClosed()) return;
      if (replay.reset) sink.onReset(channel, replay.last_event_id);
      for (const event of replay.results) sink.onEvent({ ...event, channel: event.channel || channel });
      const last = replay.results.at(-1)?.id;
      if (!replay.more || !last) return;
      after = last;
    }
  }

  async function replay(): Promise<void> {
    if (replaying) {
      again = true;
      return;
    }
    replaying = true;
    do {
      again = false;
      await fetchMissed().catch((error: unknown) => sink.onSubscriptionError(channel, `replay failed: ${errorMessage(error)}`));
    } while (again && !isClosed());
    replaying = false;
    const held = waiting.sort((a, b) => compareEventIds(a.id, b.id));
    waiting = [];
    if (!isClosed()) for (const event of held) sink.onEvent(event);
  }

  return {
    replay,
    live(event: RealtimeEvent) {
      if (replaying) waiting.push(event);
      else sink.onEvent(event);
    },
  };
}

export async function openAblyTransport({ channels, sink }: TransportOptions): Promise<RealtimeTransport> {
  const { Realtime } = await loadAbly();
  let closed = false;
  const isClosed = () => closed;
  let unavailableTimer: ReturnType<typeof setTimeout> | undefined;

  const waitForConnection = () => {
    clearTimeout(unavailableTimer);
    unavailableTimer = setTimeout(() => sink.onStatus('unavailable'), REALTIME_UNAVAILABLE_TIMEOUT_MS);
  };

  const client = new Realtime({
    // The bearer token goes with apiFetch, which refreshes it first when it is due.
    authCallback: (_params, callback) => {
      apiFetch<Ably.TokenRequest>(realtimePaths.broadcastAuth, { method: 'POST' }).then(
        (tokenRequest) => callback(null, tokenRequest),
        (error: unknown) => {
          sink.onSubscriptionError('auth', errorMessage(error));
          callback(errorMessage(error), null);
        },
      );
    },
    closeOnUnload: true,
  });

  sink.onStatus('connecting');
  waitForConnection();
  client.connection.on((change: Ably.ConnectionStateChange) => {
    if (closed) return;
    switch (change.current) {
      case 'connected':
        clearTimeout(unavailableTimer);
        sink.onStatus('connected');
        break;
      case 'disconnected':
        sink.onStatus('connecting');
        waitForConnection();
        break;
      case 'suspended':
        sink.onStatus('unavailable');
        break;
      case 'failed':
        // Ably gave up (refused credentials, a closed account): start again after the manager's pause.
        sink.onSubscriptionError('connection', change.reason?.message ?? 'connection failed');
        close();
        sink.onClosed({ reason: 'retry' });
        break;
      default:
        break;
    }
  });

  for (const name of channels) {
    const feed = createChannelFeed(name, sink, isClosed);
    const channel = client.channels.get(ABLY_CHANNEL_PREFIX + name);
    channel.on('attached', () => void feed.replay());
    // Still attached, but Ably lost messages on the way (continuity not preserved).
    channel.on('update', (change: Ably.ChannelStateChange) => {
      if (!change.resumed) void feed.replay();
    });
    channel.on('failed', (change: Ably.ChannelStateChange) => sink.onSubscriptionError(name, change.reason?.message ?? 'channel failed'));
    channel
      .subscribe((message: Ably.InboundMessage) => {
        const event = eventFrom(message, name);
        if (event && !closed) feed.live(event);
      })
      .catch((error: unknown) => sink.onSubscriptionError(name, errorMessage(error)));
  }

  function close(): void {
    if (closed) return;
    closed = true;
    clearTimeout(unavailableTimer);
    client.close();
  }

  return {
    // Ably asks authCallback when its own token needs renewing; the access token is read then.
    updateToken: () => undefined,
    close,
  };
}
