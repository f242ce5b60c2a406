// The boundary between the connection manager and a transport (the built-in WebSocket, or
// Ably): a transport opens one connection, reports what happens on it, and hands every event
// to the same sink, so nothing above it can tell the transports apart.
import type { RealtimeEvent } from '../../shared/realtime';

export type TransportStatus = 'connecting' | 'connected' | 'unavailable';

export type TransportSink = {
  /** The last event id seen on the channel: replay starts after it. */
  lastEventId(channel: string): string | null;
  onStatus(status: TransportStatus): void;
  onEvent(event: RealtimeEvent): void;
  /** Everything cached is refetched; the channel goes on from `lastEventId` (the server's newest). */
  onReset(channel: string, lastEventId: string | undefined): void;
  /**
   * Live events follow on the channel. `newestEventId` when it was subscribed with no last event
   * id: the server's newest event then, to go on from.
   */
  onSubscribed?(channel: string, newestEventId: string | undefined): void;
  /** Logged, never shown. */
  onSubscriptionError(channel: string, message: string): void;
  /**
   * The connection ended by itself. 'retry': try again after a pause. 'refused': the server
   * refused `token` (or the session ended); try again only with another token.
   */
  onClosed(closed: { reason: 'retry' } | { reason: 'refused'; token: string }): void;
};

export type TransportOptions = {
  /** The access token to send now (read again on every (re)authentication). */
  getToken: () => string | null;
  /** The channels this session may hear (the Ably transport subscribes to these; the socket to the server's list). */
  channels: string[];
  sink: TransportSink;
};

export type RealtimeTransport = {
  /** The same session has a new access token. */
  updateToken(token: string): void;
  /** Ends the connection without reporting onClosed. */
  close(): void;
};

export function logSubscriptionError(channel: string, message: string): void {
  console.warn(`Realtime subscription error on ${channel}: ${message}`);
}
