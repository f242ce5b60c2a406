// The one way anything is published to realtime channels. The event is written
// in the caller's transaction: a change that rolls back publishes nothing, and a committed
// one has its event stored before any subscriber hears of it (LISTEN/NOTIFY on commit).
import type { RealtimeEvent } from '../../shared/realtime';
import type { DbOrTrx } from '../db/database';
import { insertRealtimeEvent } from './realtime.queries';

export type PublishInput = {
  /** `user-{id}`, `company-{company_id}` or `global` (src/shared/realtime.ts). */
  channel: string;
  event: string;
  /** Resource names as the API spells them (`notifications`, `user-absence`). */
  invalidates: readonly string[];
  payload?: unknown;
  /** The company the event concerns, when there is one (for retention and audits). */
  companyId?: string | null;
};

export async function publish(trx: DbOrTrx, event: PublishInput): Promise<RealtimeEvent> {
  return insertRealtimeEvent(trx, {
    channel: event.channel,
    event: event.event,
    invalidates: [...event.invalidates],
    payload: event.payload ?? null,
    companyId: event.companyId ?? null,
  });
}
