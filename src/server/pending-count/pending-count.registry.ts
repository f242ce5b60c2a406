// Who counts what for GET /api/pending-count: the counters the registered modules declare; a
// key no module counts is 0 (the rule of dashboard.contract.ts).
import { PENDING_COUNT_KEYS, type PendingCount, type PendingCountKey } from '../../shared/pending-count.contract';
import type { Trx } from '../db/database';
import type { Session } from '../plugins/request-context';

/**
 * Runs in the caller's company scope (withTenant), in the one transaction every counter
 * shares: keep it to a single query. Count what the caller may approve (by scope, or as line
 * manager) or must act on.
 */
export type PendingCounter = (context: { trx: Trx; session: Session }) => Promise<number>;

export type PendingCounters = ReadonlyMap<PendingCountKey, PendingCounter>;

/** The modules' counters by key; a key counted by two modules is a mistake, refused at start. */
export function collectPendingCounters(modules: readonly { name: string; counters?: Partial<Record<PendingCountKey, PendingCounter>> }[]) {
  const counters = new Map<PendingCountKey, PendingCounter>();
  for (const module of modules) {
    for (const [key, counter] of Object.entries(module.counters ?? {}) as [PendingCountKey, PendingCounter][]) {
      if (counters.has(key)) throw new Error(`Two modules count the pending key "${key}" (the second is ${module.name}).`);
      counters.set(key, counter);
    }
  }
  return counters as PendingCounters;
}

/** Every key, 0 where no counter is registered. Counters run one after another on `trx`. */
export async function countPending(counters: PendingCounters, context: { trx: Trx; session: Session }): Promise<PendingCount> {
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
