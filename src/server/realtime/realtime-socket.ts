// One WebSocket's conversation (src/shared/realtime.ts): the access token as the first
// message, again after every refresh (same user and session, or the socket closes), then
// subscriptions to the channels the session may hear. Messages are handled one at a time
// so a subscribe sent right after auth waits for auth to finish.
import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import type { WebSocket } from 'ws';
import { channelsFor, REALTIME_AUTH_TIMEOUT_MS, REALTIME_CLOSE, type RealtimeClientMessage } from '../../shared/realtime';
import type { Session, TokenReader } from '../plugins/request-context';
import { serverMessage, type HubSocket, type RealtimeHub } from './realtime-hub';

const MAX_TOKEN_LENGTH = 8192;
const MAX_CHANNEL_LENGTH = 200;

const ClientMessageSchema = v.variant('type', [
  v.object({ type: v.literal('auth'), token: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_TOKEN_LENGTH)) }),
  v.object({
    type: v.literal('subscribe'),
    channel: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_CHANNEL_LENGTH)),
    last_event_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40)))),
  }),
  v.object({ type: v.literal('ping') }),
]);

function parseMessage(data: unknown, isBinary: boolean): RealtimeClientMessage | null {
  if (isBinary) return null;
  try {
    const text = Array.isArray(data) ? Buffer.concat(data as Buffer[]).toString('utf8') : String(data as Buffer);
    const parsed = v.safeParse(ClientMessageSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function handleRealtimeSocket(options: {
  socket: WebSocket;
  hub: RealtimeHub;
  /** Unset: no token is valid (an app built without the auth module). */
  readToken: TokenReader | undefined;
  log: FastifyBaseLogger;
  authTimeoutMs?: number;
}): void {
  const { socket, hub, readToken, log } = options;
  let session: Session | null = null;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const hubSocket: HubSocket = {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    bufferedAmount: () => socket.bufferedAmount,
  };

  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    hub.leave(hubSocket);
    socket.close(code, reason);
  };

  const authTimer = setTimeout(() => {
    if (!session) {
      log.warn('Realtime socket sent no auth message in time: closed.');
      close(REALTIME_CLOSE.unauthenticated, 'auth timeout');
    }
  }, options.authTimeoutMs ?? REALTIME_AUTH_TIMEOUT_MS);

  async function authenticate(token: string): Promise<void> {
    const claims = readToken ? await readToken(token) : null;
    if (!claims) {
      log.warn({ refresh: Boolean(session) }, 'Realtime auth refused: invalid or expired token.');
      close(REALTIME_CLOSE.unauthenticated, 'invalid token');
      return;
    }
    if (session && (claims.sessionId !== session.sessionId || claims.userId !== session.userId)) {
      log.warn({ sessionId: session.sessionId }, 'Realtime re-auth refused: a token of another session.');
      close(REALTIME_CLOSE.sessionEnded, 'another session');
      return;
    }
    const loaded = await claims.load();
    if (closed) return;
    if (!loaded || loaded.refusal) {
      log.warn('Realtime auth refused: the session has ended.');
      close(REALTIME_CLOSE.sessionEnded, 'session ended');
      return;
    }
    if (!session) {
      clearTimeout(authTimer);
      hub.join(hubSocket, loaded.sessionId);
    }
    session = loaded;
    socket.send(serverMessage({ type: 'ready', channels: channelsFor(loaded) }));
  }

  async function subscribe(channel: string, lastEventId: string | null | undefined): Promise<void> {
    if (!session) {
      close(REALTIME_CLOSE.unauthenticated, 'subscribe before auth');
      return;
    }
    if (!channelsFor(session).includes(channel)) {
      log.warn({ channel, userId: session.userId }, 'Realtime subscription refused: channel not allowed.');
      socket.send(serverMessage({ type: 'subscription_error', channel, message: 'You may not subscribe to this channel.' }));
      return;
    }
    await hub.subscribe(hubSocket, channel, lastEventId);
  }

  async function handle(message: RealtimeClientMessage): Promise<void> {
    // The hub may have closed the socket (its session ended) while this message waited.
    if (closed || socket.readyState !== socket.OPEN) return;
    if (message.type === 'ping') socket.send(serverMessage({ type: 'pong' }));
    else if (message.type === 'auth') await authenticate(message.token);
    else await subscribe(message.channel, message.last_event_id);
  }

  socket.on('message', (data, isBinary) => {
    const message = parseMessage(data, isBinary);
    if (!message) {
      log.warn('Realtime socket sent a message outside the protocol: closed.');
      close(REALTIME_CLOSE.badMessage, 'bad message');
      return;
    }
    queue = queue
      .then(() => handle(message))
      .catch((error: unknown) => {
        log.error({ err: error }, 'Realtime message failed.');
        close(1011, 'server error');
      });
  });
  socket.on('close', () => {
    closed = true;
    clearTimeout(authTimer);
    hub.leave(hubSocket);
  });
}
