// The hosted transport's publishing side: when ABLY_API_KEY is set, every event is also
// published to Ably (channel ABLY_CHANNEL_PREFIX + channel, name = event, data = the
// RealtimeEvent). Every server hears every event, so each batch is first claimed in the
// event table (forwarded_at): one server publishes each event. A failed publish gives the
// claim back and a periodic sweep tries again; nothing is ever thrown into a request.
import type * as Ably from 'ably';
import type { Logger } from 'pino';
import { ABLY_CHANNEL_PREFIX } from '../../shared/realtime';
import type { RealtimeConfig } from '../config';
import type { Db } from '../db/database';
import { toRealtimeEvent } from './realtime-hub';
import { claimRealtimeEventsForForwarding, findUnforwardedRealtimeEventIds, releaseRealtimeEventsForwarding } from './realtime.queries';

const RETRY_EVERY_MS = 30_000;
/** Older unforwarded events are left alone (published before Ably was configured, or long given up). */
const RETRY_WITHIN_SECONDS = 15 * 60;

export type AblyForwarder = { forward: (ids: string[]) => void; stop: () => Promise<void> };

/**
 * The REST client: no network until something is published (token requests are signed
 * locally). The SDK is loaded only when Ably is configured.
 */
export async function createAblyRest(ably: NonNullable<RealtimeConfig['ably']>): Promise<Ably.Rest> {
  const { Rest } = await import('ably');
  return new Rest({
    key: ably.apiKey,
    // JSON rather than MessagePack: what reaches Ably (or a test's stand-in) can be read.
    useBinaryProtocol: false,
    queryTime: false,
    logLevel: 1,
    tls: ably.tls,
    ...(ably.restHost ? { endpoint: ably.restHost } : {}),
    ...(ably.port === undefined ? {} : ably.tls ? { tlsPort: ably.port } : { port: ably.port }),
  });
}

export function createAblyForwarder(options: { db: Db; logger: Logger; rest: Ably.Rest }): AblyForwarder {
  const { db, logger, rest } = options;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  async function forwardNow(ids: string[]): Promise<void> {
    let claimed;
    try {
      claimed = await claimRealtimeEventsForForwarding(db, ids);
    } catch (error) {
      logger.error({ err: error }, 'Could not claim realtime events for Ably.');
      return;
    }
    for (const row of claimed) {
      try {
        // The message id makes Ably drop a second copy should a retry follow a publish that did land.
        await rest.channels
          .get(ABLY_CHANNEL_PREFIX + row.channel)
          .publish({ id: `stafflane-${row.id}`, name: row.event, data: toRealtimeEvent(row) });
      } catch (error) {
        logger.error({ err: error, eventId: row.id }, 'Could not publish a realtime event to Ably; it will be retried.');
        await releaseRealtimeEventsForwarding(db, [row.id]).catch((releaseError: unknown) =>
          logger.error({ err: releaseError }, 'Could not release a realtime event for a later Ably retry.'),
        );
      }
    }
  }

  function forward(ids: string[]): void {
    if (stopped || !ids.length) return;
    const work = forwardNow(ids).finally(() => inFlight.delete(work));
    inFlight.add(work);
  }

  const timer = setInterval(() => {
    findUnforwardedRealtimeEventIds(db, { withinSeconds: RETRY_WITHIN_SECONDS, limit: 500 }).then(forward, (error: unknown) =>
      logger.error({ err: error }, 'Could not look for realtime events to retry on Ably.'),
    );
  }, RETRY_EVERY_MS);
  timer.unref();

  return {
    forward,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
