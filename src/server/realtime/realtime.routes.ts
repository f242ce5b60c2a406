// Realtime delivery: the WebSocket at REALTIME_PATH and its fan-out
// through this process's LISTEN connection, the HTTP replay and transport choice, Ably
// token requests and publishing when ABLY_API_KEY is set, and Pusher-protocol channel
// signatures when PUSHER_APP_KEY is set. Started and stopped with the app.
import websocket from '@fastify/websocket';
import type * as Ably from 'ably';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/app-error';
import {
  ABLY_CHANNEL_PREFIX,
  channelsFor,
  compareEventIds,
  PUSHER_CHANNEL_PREFIX,
  REALTIME_PATH,
  realtimePaths,
  type RealtimeConfig as RealtimeClientConfig,
  type RealtimeReplay,
} from '../../shared/realtime';
import type { AppDeps } from '../app-deps';
import { parseInput } from '../http/validate';
import { requireSession } from '../plugins/request-context';
import { createAblyForwarder, createAblyRest, type AblyForwarder } from './ably-forwarder';
import { PUSHER_SOCKET_ID_PATTERN, signPusherChannel, signPusherUser } from './pusher-auth';
import { createRealtimeHub, EVENT_ID_PATTERN, REPLAY_PAGE_SIZE, toRealtimeEvent } from './realtime-hub';
import { startRealtimeListener, type RealtimeListener } from './realtime-listener';
import { handleRealtimeSocket } from './realtime-socket';
import { findRealtimeEventsAfter, getReplayBounds, REALTIME_NOTIFY_CHANNEL, SESSION_ENDED_NOTIFY_CHANNEL } from './realtime.queries';

export const pusherPaths = { auth: '/pusher/auth', userAuth: '/pusher/user-auth' } as const;

const MAX_MESSAGE_BYTES = 64 * 1024;
/** Ably tokens live an hour; the client asks /api/broadcast/auth again when one runs out. */
const ABLY_TOKEN_TTL_MS = 60 * 60_000;
/** ws-level pings find sockets whose peer vanished without closing (a phone losing signal). */
const HEARTBEAT_MS = 30_000;

const ReplayQuerySchema = v.object({
  channel: v.pipe(v.string('Choose a channel.'), v.minLength(1, 'Choose a channel.'), v.maxLength(200)),
  after: v.optional(v.pipe(v.string(), v.regex(EVENT_ID_PATTERN, 'Must be an event id.')), '0'),
});

const PusherAuthSchema = v.object({
  socket_id: v.pipe(v.string('Required.'), v.regex(PUSHER_SOCKET_ID_PATTERN, 'Must be a Pusher socket id such as 1234.5678.')),
  channel_name: v.pipe(v.string('Required.'), v.minLength(1, 'Required.'), v.maxLength(200)),
});
const PusherUserAuthSchema = v.object({ socket_id: PusherAuthSchema.entries.socket_id });

/**
 * A browser always sends Origin on a WebSocket upgrade; another site's page must not open
 * one with the user's cookies or token. The app's own origin is PUBLIC_ORIGIN when set,
 * else the address the request came to.
 */
function originAllowed(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = publicOrigin ? new URL(publicOrigin).origin : `${request.protocol}://${request.host}`;
  return origin === own;
}

function channelForbidden(request: FastifyRequest, channel: string): AppError {
  request.log.warn({ channel, userId: request.session?.userId }, 'Realtime channel refused: not one of the caller’s channels.');
  return AppError.forbidden();
}

export const realtimeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config, db, logger } = deps;
  const ably = config.realtime.ably ? await createAblyRest(config.realtime.ably) : null;
  const forwarder: AblyForwarder | null = ably ? createAblyForwarder({ db, logger, rest: ably }) : null;
  const hub = createRealtimeHub({
    db,
    logger,
    idleSeconds: config.sessions.idleSeconds,
    sessionCheckMs: config.realtime.sessionCheckMs,
    ...(forwarder ? { afterBatch: forwarder.forward } : {}),
  });
  hub.start();

  let listener: RealtimeListener | null = null;
  if (deps.listenUrl) {
    listener = startRealtimeListener({
      url: deps.listenUrl,
      channels: [REALTIME_NOTIFY_CHANNEL, SESSION_ENDED_NOTIFY_CHANNEL],
      logger,
      onNotification: (channel, payload) => {
        if (channel === REALTIME_NOTIFY_CHANNEL) hub.eventsNotified([payload]);
        else hub.sessionEnded(payload);
      },
      onConnected: (reconnected) => void hub.listening(reconnected),
    });
  } else {
    logger.warn('Realtime has no LISTEN connection (no listenUrl): sockets get replay but no live events.');
  }
  app.addHook('onClose', async () => {
    await listener?.stop();
    await hub.stop();
    await forwarder?.stop();
  });

  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  registerHeartbeat(app);

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { access: 'public' },
    onRequest: async (request) => {
      if (!originAllowed(request, config.publicOrigin)) {
        request.log.warn({ origin: request.headers.origin }, 'Realtime upgrade refused: origin is not the app’s own.');
        throw AppError.forbidden('This origin may not open a realtime connection.');
      }
    },
    handler: async () => {
      throw new AppError('badRequest', { status: 426, message: 'Open a WebSocket connection here.' });
    },
    wsHandler: (socket, request) => handleRealtimeSocket({ socket, hub, readToken: deps.readToken, log: request.log }),
  });

  // Public: it names the transport and nothing else, and a client asking as its session ends
  // (a logout in flight) must not get a 401 for it.
  app.get(realtimePaths.config, { config: { access: 'public' } }, async (): Promise<RealtimeClientConfig> => ({
    transport: config.realtime.ably ? 'ably' : 'socket',
  }));

  app.get(realtimePaths.events, { config: { access: 'authenticated' } }, async (request): Promise<RealtimeReplay> => {
    const session = requireSession(request);
    const query = parseInput(ReplayQuerySchema, request.query ?? {});
    if (!channelsFor(session).includes(query.channel)) throw channelForbidden(request, query.channel);
    const bounds = await getReplayBounds(db);
    if (compareEventIds(query.after, bounds.deletedThrough) < 0 || compareEventIds(query.after, bounds.newest) > 0) {
      return { results: [], reset: true, more: false, last_event_id: bounds.newest };
    }
    const rows = await findRealtimeEventsAfter(db, { channel: query.channel, after: query.after, limit: REPLAY_PAGE_SIZE + 1 });
    return { results: rows.slice(0, REPLAY_PAGE_SIZE).map(toRealtimeEvent), reset: false, more: rows.length > REPLAY_PAGE_SIZE };
  });

  // Reads only: an Idempotency-Key must not make a token request replayable.
  app.post(realtimePaths.broadcastAuth, { config: { access: 'authenticated', idempotency: false } }, async (request) => {
    const session = requireSession(request);
    if (!ably) throw AppError.notFound('The Ably transport is not configured on this server (ABLY_API_KEY).');
    const operations: Ably.capabilityOp[] = ['subscribe', 'history'];
    const capability = Object.fromEntries(channelsFor(session).map((channel) => [ABLY_CHANNEL_PREFIX + channel, operations]));
    return ably.auth.createTokenRequest({ clientId: session.userId, capability, ttl: ABLY_TOKEN_TTL_MS });
  });

  await app.register(pusherRoutes, { deps });
};

/** Outside /api (Pusher clients post to their own path); form bodies as Pusher's clients send them, parsed here only. */
const pusherRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const pusherConfig = () => {
    const pusher = deps.config.realtime.pusher;
    if (!pusher) throw AppError.notFound('The Pusher transport is not configured on this server (PUSHER_APP_KEY).');
    return pusher;
  };

  app.post(pusherPaths.auth, { config: { access: 'authenticated', idempotency: false } }, async (request) => {
    const session = requireSession(request);
    const pusher = pusherConfig();
    const body = parseInput(PusherAuthSchema, request.body ?? {});
    const channel = body.channel_name.startsWith(PUSHER_CHANNEL_PREFIX) ? body.channel_name.slice(PUSHER_CHANNEL_PREFIX.length) : null;
    if (channel === null || !channelsFor(session).includes(channel)) throw channelForbidden(request, body.channel_name);
    return signPusherChannel({ ...pusher, socketId: body.socket_id, channelName: body.channel_name });
  });

  app.post(pusherPaths.userAuth, { config: { access: 'authenticated', idempotency: false } }, async (request) => {
    const session = requireSession(request);
    const pusher = pusherConfig();
    const body = parseInput(PusherUserAuthSchema, request.body ?? {});
    return signPusherUser({ ...pusher, socketId: body.socket_id, userId: session.userId });
  });
};

function registerHeartbeat(app: FastifyInstance): void {
  const alive = new WeakSet<object>();
  app.websocketServer.on('connection', (socket) => {
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
  });
  const timer = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
