// The built-in transport: one WebSocket to REALTIME_PATH speaking src/shared/realtime.ts's
// protocol — the token as the first message (and again after each refresh), then a subscribe
// per channel of `ready` carrying the last event id seen on it. The timeouts live here:
// not ready within the unavailable timeout → give up and retry; nothing from the server for
// the activity timeout → ping; no answer within the pong timeout → drop and retry.
import { REALTIME_ACTIVITY_TIMEOUT_MS, REALTIME_PONG_TIMEOUT_MS, REALTIME_UNAVAILABLE_TIMEOUT_MS } from '../../shared/constants';
import { REALTIME_CLOSE, REALTIME_PATH, type RealtimeClientMessage, type RealtimeServerMessage } from '../../shared/realtime';
import type { RealtimeTransport, TransportOptions } from './realtime-transport';

export function realtimeSocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${REALTIME_PATH}`;
}

function parseMessage(data: unknown): RealtimeServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as RealtimeServerMessage | null;
    return message && typeof message === 'object' && typeof message.type === 'string' ? message : null;
  } catch {
    return null;
  }
}

const REFUSING_CODES: number[] = [REALTIME_CLOSE.unauthenticated, REALTIME_CLOSE.sessionEnded];

export function openSocketTransport({ getToken, sink }: TransportOptions): RealtimeTransport {
  const socket = new WebSocket(realtimeSocketUrl());
  const subscribed = new Set<string>();
  let ready = false;
  let ended = false;
  let sentToken: string | null = null;
  let activityTimer: ReturnType<typeof setTimeout> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  sink.onStatus('connecting');
  const unavailableTimer = setTimeout(() => {
    sink.onStatus('unavailable');
    end({ reason: 'retry' });
  }, REALTIME_UNAVAILABLE_TIMEOUT_MS);

  function send(message: RealtimeClientMessage): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function authenticate(token: string | null): void {
    // Before the socket opens, the 'open' handler sends whatever token is current then.
    if (!token || socket.readyState !== WebSocket.OPEN) return;
    sentToken = token;
    send({ type: 'auth', token });
  }

  function clearTimers(): void {
    clearTimeout(unavailableTimer);
    clearTimeout(activityTimer);
    clearTimeout(pongTimer);
  }

  /** Any message proves the connection alive: wait the activity timeout again before asking. */
  function heardFromServer(): void {
    if (!ready) return;
    clearTimeout(pongTimer);
    pongTimer = undefined;
    clearTimeout(activityTimer);
    activityTimer = setTimeout(ping, REALTIME_ACTIVITY_TIMEOUT_MS);
  }

  function ping(): void {
    send({ type: 'ping' });
    pongTimer = setTimeout(() => end({ reason: 'retry' }), REALTIME_PONG_TIMEOUT_MS);
  }

  function subscribe(channels: string[]): void {
    for (const channel of channels) {
      if (subscribed.has(channel)) continue;
      subscribed.add(channel);
      send({ type: 'subscribe', channel, last_event_id: sink.lastEventId(channel) });
    }
  }

  function handle(message: RealtimeServerMessage): void {
    switch (message.type) {
      case 'ready':
        ready = true;
        clearTimeout(unavailableTimer);
        sink.onStatus('connected');
        subscribe(message.channels);
        break;
      case 'event':
        sink.onEvent(message.event);
        break;
      case 'reset':
        sink.onReset(message.channel, message.last_event_id);
        break;
      case 'subscription_error':
        sink.onSubscriptionError(message.channel, message.message);
        break;
      case 'subscribed':
        sink.onSubscribed?.(message.channel, message.last_event_id);
        break;
      case 'pong':
        break;
    }
  }

  /** Once only: closes the socket and tells the manager, unless it asked for the close. */
  function end(closed: Parameters<TransportOptions['sink']['onClosed']>[0] | null): void {
    if (ended) return;
    ended = true;
    clearTimers();
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    if (closed) sink.onClosed(closed);
  }

  socket.addEventListener('open', () => authenticate(getToken()));
  socket.addEventListener('message', (event: MessageEvent) => {
    if (ended) return;
    const message = parseMessage(event.data);
    if (!message) return;
    handle(message);
    heardFromServer();
  });
  socket.addEventListener('close', (event: CloseEvent) => {
    const refused = REFUSING_CODES.includes(event.code);
    end(refused ? { reason: 'refused', token: sentToken ?? getToken() ?? '' } : { reason: 'retry' });
  });

  return {
    updateToken(token) {
      if (token !== sentToken) authenticate(token);
    },
    close: () => end(null),
  };
}
