// Who counts what for GET /api/pending-count: each module registers the counter of its own
// key when it lands; a key with none counts 0 (the rule of dashboard.contract.ts).
import { PENDING_COUNT_KEYS, type PendingCount, type PendingCountKey } from '../../modules/dashboard/dashboard.contract';
import type { Trx } from '../db/database';
import type { Session } from '../plugins/request-context';

/**
 * Runs in the caller's company scope (withTenant), in the one transaction every counter
 * shares: keep it to a single query. Count what the caller may approve (by scope, or as line
 * manager) or must act on.
 */
export type PendingCounter = (context: { trx: Trx; session: Session }) => Promise<number>;

const counters = new Map<PendingCountKey, PendingCounter>();

/** Registering a key again replaces its counter (several apps may be built in one process). */
export function registerPendingCounter(key: PendingCountKey, counter: PendingCounter): void {
  counters.set(key, counter);
}

export function hasPendingCounters(): boolean {
  return counters.size > 0;
}

/** Every key, 0 where no counter is registered. Counters run one after another on `trx`. */
export async function countPending(context: { trx: Trx; session: Session }): Promise<PendingCount> {
  const result = zeroPendingCount();
  for (const key of PENDING_COUNT_KEYS) {
    const counter = counters.get(key);
    if (counter) result[key] = Math.max(0, Math.trunc(await counter(context)));
  }
  return result;
}

export function zeroPendingCount(): PendingCount {
  return Object.fromEntries(PENDING_COUNT_KEYS.map((key) => [key, 0])) as PendingCount;
}
