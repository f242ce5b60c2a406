// Sends what notify() queued in push_outbox to the push services (RFC 8030), each message
// encrypted for its device (RFC 8291, aes128gcm) and signed with the server's VAPID key
// (RFC 8292) by the `web-push` library. Runs as the background job `notifications-push`,
// never in a request: a trigger wakes it when a row is queued, and a schedule sweeps up what
// waits for a retry. A device the push service reports gone (404, 410) is deleted; a refusal
// is dropped; a busy or unreachable service is tried again later, for a day at most.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { withSystem, type Db } from '../db/database';
import {
  deleteGoneDevice,
  deleteStalePushes,
  dropPush,
  findDuePushes,
  findVapidKeys,
  markPushSent,
  retryPushLater,
  type DuePush,
} from './push.queries';

/** How long a push service keeps a message for an offline device, and how long this server keeps trying. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_MAX_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 30;
const BATCH = 50;
/** Messages sent at once (one HTTP request each). */
const PARALLEL = 8;
const SEND_TIMEOUT_MS = 10_000;

export type PushTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: Buffer | null },
) => Promise<number>;

const fetchTransport: PushTransport = async (url, init) => {
  const body = init.body ? new Uint8Array(init.body) : null;
  const response = await fetch(url, { method: init.method, headers: init.headers, body, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
};

export type PushKeys = { publicKey: string; privateKey: string; subject: string };

/** The configured pair, else the one made for this database. */
export async function pushKeys(config: Pick<Config, 'push'>, db: Db): Promise<PushKeys> {
  const { publicKey, privateKey, subject } = config.push;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const stored = await findVapidKeys(db);
  if (!stored) throw new Error('No VAPID key pair: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or run the migrations.');
  return { ...stored, subject };
}

export type PushRunResult = { sent: number; gone: number; retried: number; dropped: number };

type Outcome = keyof PushRunResult;

export const retryDelaySeconds = (attempts: number) => FIRST_RETRY_SECONDS * 2 ** attempts;

async function sendOne(
  push: DuePush,
  keys: PushKeys,
  transport: PushTransport,
  logger: Logger,
): Promise<{ push: DuePush; outcome: Outcome }> {
  let status: number;
  try {
    // Loaded with the first push sent (its encryption and JWT libraries), not at every start.
    const { default: webpush } = await import('web-push');
    const details = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: push.payload.todo ? 'high' : 'normal',
      },
    );
    status = await transport(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body,
    });
  } catch (error) {
    // Keys the device gave that cannot be used (a bad point) never will be: the device goes.
    if (error instanceof Error && /public key|auth secret|p256dh|must be/i.test(error.message)) {
      logger.warn({ err: error, subscription: push.subscription_id }, 'Web Push: unusable device keys; the device is removed');
      return { push, outcome: 'gone' };
    }
    logger.warn({ err: error, subscription: push.subscription_id }, 'Web Push: the push service could not be reached');
    return { push, outcome: push.attempts + 1 >= PUSH_MAX_ATTEMPTS ? 'dropped' : 'retried' };
  }
  if (status >= 200 && status < 300) return { push, outcome: 'sent' };
  if (status === 404 || status === 410) return { push, outcome: 'gone' };
  if (status === 429 || status >= 500) return { push, outcome: push.attempts + 1 >= PUSH_MAX_ATTEMPTS ? 'dropped' : 'retried' };
  logger.warn({ status, subscription: push.subscription_id }, 'Web Push: the push service refused a message; it is dropped');
  return { push, outcome: 'dropped' };
}

/** Sends every due message; returns what became of them. Safe to run on several servers (the job is a singleton). */
export async function sendDuePushes(deps: {
  db: Db;
  logger: Logger;
  config: Pick<Config, 'push'>;
  transport?: PushTransport;
}): Promise<PushRunResult> {
  const { db, logger } = deps;
  const transport = deps.transport ?? fetchTransport;
  const result: PushRunResult = { sent: 0, gone: 0, retried: 0, dropped: 0 };
  await withSystem(db, (trx) => deleteStalePushes(trx, PUSH_TTL_SECONDS));
  let keys: PushKeys | null = null;
  // Bounded, so one run cannot go on for ever while notifications keep arriving: the next run takes the rest.
  for (let round = 0; round < 20; round += 1) {
    const due = await withSystem(db, (trx) => findDuePushes(trx, BATCH));
    if (due.length === 0) break;
    keys ??= await pushKeys(deps.config, db);
    const done: Array<{ push: DuePush; outcome: Outcome }> = [];
    for (let i = 0; i < due.length; i += PARALLEL) {
      done.push(...(await Promise.all(due.slice(i, i + PARALLEL).map((push) => sendOne(push, keys!, transport, logger)))));
    }
    await withSystem(db, async (trx) => {
      for (const { push, outcome } of done) {
        result[outcome] += 1;
        if (outcome === 'sent') await markPushSent(trx, push);
        else if (outcome === 'gone') await deleteGoneDevice(trx, push.subscription_id);
        else if (outcome === 'retried') await retryPushLater(trx, push.id, retryDelaySeconds(push.attempts));
        else await dropPush(trx, push.id);
      }
    });
    if (due.length < BATCH) break;
  }
  if (result.gone > 0) logger.info({ gone: result.gone }, 'Web Push: removed devices their push service no longer knows');
  return result;
}
