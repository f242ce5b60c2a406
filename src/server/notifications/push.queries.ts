// Web Push's tables: push_subscriptions (migration 0029, one row per device a person allowed
// notifications on) and push_outbox (0034, one row per notification and device still to send).
// Device reads and writes run in the person's company (withTenant); the sender crosses
// companies in the system scope and filters nothing out: every due row is its work.
import { sql, type Generated } from 'kysely';
import type { PushPayload } from '../../shared/push.contract';
import type { DbOrTrx, Trx } from '../db/database';

export interface PushSubscriptionTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  created_at: Generated<Date>;
  last_sent_at: Date | null;
}

export interface PushOutboxTable {
  id: Generated<string>;
  company_id: string;
  subscription_id: string;
  payload: PushPayload;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  created_at: Generated<Date>;
}

declare module '../db/schema' {
  interface Database {
    push_subscriptions: PushSubscriptionTable;
    push_outbox: PushOutboxTable;
  }
}

export type PushDeviceRow = { id: string; device: string; endpoint: string; created_at: Date; last_sent_at: Date | null };

/** The VAPID pair migration 0034 made for this database. */
export async function findVapidKeys(db: DbOrTrx): Promise<{ publicKey: string; privateKey: string } | null> {
  const rows = await db
    .selectFrom('server_secrets')
    .select(['name', 'value'])
    .where('name', 'in', ['vapid_public_key', 'vapid_private_key'])
    .execute();
  const publicKey = rows.find((row) => row.name === 'vapid_public_key')?.value;
  const privateKey = rows.find((row) => row.name === 'vapid_private_key')?.value;
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

export function listDevices(trx: Trx, owner: { companyId: string; userId: string }): Promise<PushDeviceRow[]> {
  return trx
    .selectFrom('push_subscriptions')
    .select(['id', 'device', 'endpoint', 'created_at', 'last_sent_at'])
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * One device, one row: a browser's endpoint is unique across the whole service, so a device
 * that was someone else's (another person signed in on it, in any company) becomes the
 * caller's. Call in the system scope for that reason; the values written are the caller's own.
 */
export async function saveDevice(
  trx: Trx,
  input: { companyId: string; userId: string; endpoint: string; p256dh: string; auth: string; device: string },
): Promise<PushDeviceRow> {
  const values = {
    company_id: input.companyId,
    user_id: input.userId,
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
    device: input.device,
  };
  // What still waits for the device's previous person is theirs, not the caller's.
  await trx
    .deleteFrom('push_outbox')
    .where('subscription_id', 'in', (eb) =>
      eb.selectFrom('push_subscriptions').select('id').where('endpoint', '=', input.endpoint).where('user_id', '<>', input.userId),
    )
    .execute();
  return trx
    .insertInto('push_subscriptions')
    .values(values)
    .onConflict((c) =>
      c.column('endpoint').doUpdateSet({
        ...values,
        created_at: sql`CASE WHEN push_subscriptions.user_id = ${input.userId}::uuid THEN push_subscriptions.created_at ELSE now() END`,
      }),
    )
    .returning(['id', 'device', 'endpoint', 'created_at', 'last_sent_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteOwnDevice(
  trx: Trx,
  owner: { companyId: string; userId: string },
  where: { id: string } | { endpoint: string },
): Promise<boolean> {
  let query = trx.deleteFrom('push_subscriptions').where('company_id', '=', owner.companyId).where('user_id', '=', owner.userId);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('endpoint', '=', where.endpoint);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** In notify()'s transaction: the payload, once for each of the recipient's devices. */
export async function enqueuePush(trx: Trx, input: { companyId: string; userId: string; payload: PushPayload }): Promise<void> {
  await trx
    .insertInto('push_outbox')
    .columns(['company_id', 'subscription_id', 'payload'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select(['company_id', 'id', eb.val(JSON.stringify(input.payload)).$castTo<PushPayload>().as('payload')])
        .where('company_id', '=', input.companyId)
        .where('user_id', '=', input.userId),
    )
    .execute();
}

export type DuePush = {
  id: string;
  attempts: number;
  payload: PushPayload;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/** The oldest due rows with their device (system scope). */
export function findDuePushes(trx: Trx, limit: number): Promise<DuePush[]> {
  return trx
    .selectFrom('push_outbox as o')
    .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select(['o.id', 'o.attempts', 'o.payload', 's.id as subscription_id', 's.endpoint', 's.p256dh', 's.auth'])
    .where('o.next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

export async function markPushSent(trx: Trx, push: Pick<DuePush, 'id' | 'subscription_id'>): Promise<void> {
  await trx.deleteFrom('push_outbox').where('id', '=', push.id).execute();
  await trx
    .updateTable('push_subscriptions')
    .set({ last_sent_at: sql`now()` })
    .where('id', '=', push.subscription_id)
    .execute();
}

/** The push service says the device is gone (404/410): it and what waits for it go. */
export async function deleteGoneDevice(trx: Trx, subscriptionId: string): Promise<void> {
  await trx.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
}

export async function dropPush(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('push_outbox').where('id', '=', id).execute();
}

export async function retryPushLater(trx: Trx, id: string, delaySeconds: number): Promise<void> {
  await trx
    .updateTable('push_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: sql`now() + make_interval(secs => ${delaySeconds})` }))
    .where('id', '=', id)
    .execute();
}

/** What could not be sent within its time to live: a notification that late is no longer news. */
export async function deleteStalePushes(trx: Trx, maxAgeSeconds: number): Promise<number> {
  const result = await trx
    .deleteFrom('push_outbox')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${maxAgeSeconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
