// The one LISTEN connection of a server process: every server of one database
// hears every committed event id and every ended session, whichever server wrote them.
// A lost connection is opened again with backoff; `onConnected` then lets the caller catch
// up on what was NOTIFYed while nobody here was listening.
import pg from 'pg';
import type { Logger } from 'pino';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

export type RealtimeListener = { stop: () => Promise<void> };

export function startRealtimeListener(options: {
  url: string;
  /** How the connection names itself in pg_stat_activity (the job runner's own say so). */
  applicationName?: string;
  channels: readonly string[];
  logger: Logger;
  onNotification: (channel: string, payload: string) => void;
  /** After every (re)connection, once LISTEN is in place. `reconnected` is false the first time. */
  onConnected: (reconnected: boolean) => void;
}): RealtimeListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;
  let everConnected = false;

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (!stopped) {
        options.logger.warn({ err: error }, 'Realtime LISTEN connection lost: reconnecting.');
        void next.end().catch(() => undefined);
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.payload) options.onNotification(message.channel, message.payload);
    });
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    const reconnected = everConnected;
    everConnected = true;
    options.onConnected(reconnected);
  };

  void connect();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
