// The realtime connection of a signed-in tab, whichever transport
// carries it: it connects a second after a token is available (and, when the app opened signed
// in, after its first page has been drawn: page-drawn.ts), sends the refreshed token to
// the same session, closes on logout, waits for another token when the server refuses one,
// reconnects with backoff (at once when the browser comes back online) and does nothing while
// the browser is offline. Events go through the user's cursors (last ids, duplicates) to the
// cache handler. Started by the entry once per tab; `stop` ends it.
import type { QueryClient } from '@tanstack/react-query';
import { REALTIME_CONNECT_DELAY_MS, REALTIME_UNAVAILABLE_TIMEOUT_MS } from '../../shared/constants';
import { channelsFor, realtimePaths, type RealtimeConfig, type RealtimeTransportName } from '../../shared/realtime';
import { apiFetch } from '../api/api-client';
import { getToken, subscribeToToken, TOKEN_KEY } from '../auth/token-store';
import { ONBOARDING_STATUSES } from '../../shared/session.contract';
import { readTokenClaims } from '../auth/token-claims';
import { openEventCursors, type EventCursors } from './last-event-ids';
import { whenPageDrawn } from './page-drawn';
import { createRealtimeEventHandler } from './realtime-events';
import { getRealtimeStatus, setRealtimeStatus } from './realtime-status';
import { logSubscriptionError, type RealtimeTransport, type TransportOptions, type TransportSink } from './realtime-transport';
import { openSocketTransport } from './socket-transport';

export const RECONNECT_MIN_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;

/** About 1 s doubling to 30 s; up to a fifth less, so tabs and devices do not return in step. */
export function reconnectDelay(failures: number): number {
  const base = Math.min(RECONNECT_MIN_DELAY_MS * 2 ** Math.max(failures - 1, 0), RECONNECT_MAX_DELAY_MS);
  return Math.round(base * (1 - Math.random() * 0.2));
}

/** The server's choice; a config call that fails means the built-in socket. */
async function chooseTransport(): Promise<RealtimeTransportName> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REALTIME_UNAVAILABLE_TIMEOUT_MS);
  try {
    const config = await apiFetch<RealtimeConfig>(realtimePaths.config, { signal: controller.signal, handleUnauthorised: false });
    return config.transport === 'ably' ? 'ably' : 'socket';
  } catch {
    return 'socket';
  } finally {
    clearTimeout(timer);
  }
}

async function openTransport(name: RealtimeTransportName, options: TransportOptions): Promise<RealtimeTransport> {
  if (name === 'socket') return openSocketTransport(options);
  const { openAblyTransport } = await import('./ably-transport');
  return openAblyTransport(options);
}

/** One signed-in session (user and session id): its transport choice, cursors and failures. */
type Session = {
  key: string;
  channels: string[];
  cursors: EventCursors;
  transportName: Promise<RealtimeTransportName> | null;
  /** The token the server refused: nothing is tried again until the token changes. */
  refusedToken: string | null;
  failures: number;
  /**
   * The connection waited for the first page to be drawn, whose data was read before it: a
   * channel with no last event id may have missed what changed in between.
   */
  startedAfterPage: boolean;
};

function sessionFor(token: string | null): { key: string; userId: string; companyId: string | null } | null {
  const claims = readTokenClaims(token);
  // Until onboarding is finished the server answers such a session nothing but /welcome.
  if (!claims?.user_id || (claims.status !== undefined && ONBOARDING_STATUSES.includes(claims.status))) return null;
  return { key: `${claims.user_id}:${claims.sid ?? ''}`, userId: claims.user_id, companyId: claims.company_id ?? null };
}

export type Realtime = { stop: () => void };

export function startRealtime({ queryClient }: { queryClient: QueryClient }): Realtime {
  const handler = createRealtimeEventHandler(queryClient);
  let session: Session | null = null;
  let transport: RealtimeTransport | null = null;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped whenever a connection attempt under way must not go on (stop, logout, offline). */
  let attempt = 0;
  /** The attempt between its start and its transport (choosing, loading); -1 when none. */
  let connectingAttempt = -1;
  let stopped = false;
  /** The app's first page is still being drawn: nothing is started before it has painted. */
  let waitingForPage = false;
  /** Whether the app's first session waits for the first page (only the first: later ones connect at once). */
  let firstSessionAfterPage = false;

  function closeTransport(): void {
    attempt += 1;
    clearTimeout(connectTimer);
    connectTimer = undefined;
    transport?.close();
    transport = null;
  }

  function endSession(): void {
    closeTransport();
    session?.cursors.close();
    session = null;
  }

  function scheduleConnect(delayMs: number): void {
    clearTimeout(connectTimer);
    connectTimer = setTimeout(() => {
      connectTimer = undefined;
      void connect();
    }, delayMs);
  }

  /** Brings the connection in line with the token and the network; called on every change. */
  function evaluate({ delayMs = REALTIME_CONNECT_DELAY_MS }: { delayMs?: number } = {}): void {
    if (stopped || waitingForPage) return;
    const token = getToken();
    const identity = sessionFor(token);
    if (!token || !identity) {
      endSession();
      setRealtimeStatus('stopped');
      return;
    }
    if (session && session.key !== identity.key) endSession();
    session ??= {
      key: identity.key,
      channels: channelsFor(identity),
      cursors: openEventCursors(identity.userId),
      transportName: null,
      refusedToken: null,
      failures: 0,
      startedAfterPage: firstSessionAfterPage,
    };
    firstSessionAfterPage = false;
    if (token === session.refusedToken) {
      setRealtimeStatus('stopped');
      return;
    }
    if (!navigator.onLine) {
      closeTransport();
      setRealtimeStatus('offline');
      return;
    }
    if (transport) {
      transport.updateToken(token);
      return;
    }
    if (connectingAttempt === attempt) return;
    if (connectTimer === undefined || delayMs === 0) {
      if (getRealtimeStatus() !== 'unavailable') setRealtimeStatus('connecting');
      scheduleConnect(delayMs);
    }
  }

  async function connect(): Promise<void> {
    const current = session;
    if (!current || transport || connectingAttempt === attempt || stopped) return;
    const mine = ++attempt;
    const stillWanted = () => session === current && attempt === mine && !stopped;
    connectingAttempt = mine;
    try {
      current.transportName ??= chooseTransport();
      const name = await current.transportName;
      await current.cursors.ready;
      if (!stillWanted()) return;
      const opened = await openTransport(name, { getToken, channels: current.channels, sink: sinkFor(current, stillWanted) }).catch(
        (error: unknown) => {
          logSubscriptionError('connection', error instanceof Error ? error.message : String(error));
          return null;
        },
      );
      if (!opened) return retry(current);
      if (!stillWanted()) return opened.close();
      transport = opened;
    } finally {
      if (connectingAttempt === mine) connectingAttempt = -1;
    }
  }

  function retry(current: Session): void {
    if (session !== current || stopped) return;
    current.failures += 1;
    if (getRealtimeStatus() === 'connected') setRealtimeStatus('connecting');
    scheduleConnect(reconnectDelay(current.failures));
  }

  /** What a transport reports, heard only while its attempt is the current one. */
  function sinkFor(current: Session, live: () => boolean): TransportSink {
    return {
      lastEventId: (channel) => current.cursors.lastEventId(channel),
      onStatus(status) {
        if (!live()) return;
        if (status === 'connected') current.failures = 0;
        setRealtimeStatus(status);
      },
      onEvent(event) {
        if (live() && current.cursors.accept(event)) handler.handleEvent(event);
      },
      onReset(channel, lastEventId) {
        if (!live()) return;
        // Without this a device away longer than the retention would reset at every reconnect.
        if (lastEventId !== undefined) current.cursors.restart(channel, lastEventId);
        handler.handleReset(channel);
      },
      onSubscribed(channel, newestEventId) {
        // Only a channel subscribed with no last event id is told the newest: go on from it, so
        // the next start replays what it misses. Events already heard on it are later: keep them.
        if (!live() || newestEventId === undefined || current.cursors.lastEventId(channel) !== null) return;
        current.cursors.restart(channel, newestEventId);
        // What changed between the page's first read and now was not heard: read it again, once
        // (the session's channels are subscribed together, before the reads it starts arrive).
        if (!current.startedAfterPage) return;
        current.startedAfterPage = false;
        handler.handleReset(channel);
      },
      onSubscriptionError: logSubscriptionError,
      onClosed(closed) {
        if (!live()) return;
        transport = null;
        if (closed.reason === 'refused') {
          current.refusedToken = closed.token;
          // A newer token may have arrived while the old one was being refused.
          if (getToken() !== closed.token) return evaluate();
          setRealtimeStatus('stopped');
          return;
        }
        retry(current);
      },
    };
  }

  const onOnline = () => {
    if (session) session.failures = 0;
    evaluate({ delayMs: 0 });
  };
  const onOffline = () => evaluate();
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) evaluate();
  };
  const unsubscribeToken = subscribeToToken(() => evaluate());
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  window.addEventListener('storage', onStorage);
  const drawn = whenPageDrawn();
  if (drawn) {
    waitingForPage = true;
    firstSessionAfterPage = true;
    void drawn.then(() => {
      waitingForPage = false;
      evaluate();
    });
  } else evaluate();

  return {
    stop() {
      stopped = true;
      unsubscribeToken();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('storage', onStorage);
      endSession();
      setRealtimeStatus('stopped');
    },
  };
}
