// Claims this user made offline, still in the outbox (with their receipts and the submit that
// follow them), described for the list of writes not yet sent: the claim's name, its total, its
// receipts; and, for a refused claim opened to correct, the refused receipts and submit behind it.
import { useMemo } from 'react';
import { correctionFiles } from '../../../client/offline/outbox-correction';
import { PENDING_STATES, useOutboxItems } from '../../../client/offline/outbox-items';
import type { QueuedWrite } from '../../../client/offline/queued-writes';
import { formatPounds } from '../../../shared/money';
import type { OutboxItemSummary } from '../../../shared/sw-messages';
import { EXPENSE_RESOURCES, expensePaths } from '../expenses.contract';

/** A queued body's name and total: its items' gross, and its journeys' miles (priced when it lands). */
function describe(body: unknown): { description: string; total: string | null } {
  const claim = (body && typeof body === 'object' ? body : {}) as {
    claim_type?: unknown;
    description?: unknown;
    items?: unknown;
    journeys?: unknown;
  };
  const lines = (value: unknown) => (Array.isArray(value) ? (value as { gross?: unknown; miles?: unknown }[]) : []);
  // A body of one kind (queued before a claim held both) has a mileage claim's journeys as items.
  const oneKindMileage = claim.claim_type === 'mileage' && claim.journeys === undefined;
  const items = oneKindMileage ? [] : lines(claim.items);
  const journeys = oneKindMileage ? lines(claim.items) : lines(claim.journeys);
  const gross = items.reduce((sum, item) => sum + (typeof item.gross === 'number' ? item.gross : 0), 0);
  const miles = journeys.reduce((sum, journey) => sum + (typeof journey.miles === 'number' ? journey.miles : 0), 0);
  const parts = [
    items.length > 0 ? formatPounds(gross) : null,
    journeys.length > 0 ? `${miles.toLocaleString('en-GB', { maximumFractionDigits: 1 })} miles` : null,
  ].filter(Boolean);
  const kind =
    items.length > 0 && journeys.length > 0 ? 'Expense and mileage claim' : journeys.length > 0 ? 'Mileage claim' : 'Expense claim';
  const description = typeof claim.description === 'string' && claim.description ? claim.description : kind;
  return { description, total: parts.length > 0 ? parts.join(' + ') : null };
}

/** The user's unsent claims, oldest first (the order they will be sent in), each with its queued receipts. */
export function useQueuedClaims(): QueuedWrite[] {
  const items = useOutboxItems(EXPENSE_RESOURCES.claim);
  return useMemo(() => {
    const pending = items.filter((item) => PENDING_STATES.includes(item.state));
    return pending
      .filter((item) => item.method === 'POST' && item.url === expensePaths.claims)
      .map((item) => {
        const id = (item.body as { id?: unknown } | null)?.id;
        const receipts = typeof id === 'string' ? pending.filter((other) => other.url === expensePaths.receipts(id)).length : 0;
        const { description, total } = describe(item.body);
        const detail = [total, receipts > 0 ? `${receipts} receipt${receipts === 1 ? '' : 's'}` : null, item.label]
          .filter(Boolean)
          .join(' · ');
        return { item, title: description, detail };
      })
      .reverse();
  }, [items]);
}

/**
 * The writes the claim form queued behind a refused claim and the server refused with it (its
 * receipts, whose claim or item it did not keep, and its submit): `receipts` are their files by
 * the item they were for, to go back into the corrected claim, and `followers` the writes that
 * go from the outbox once the correction is sent (it sends them again).
 */
export function refusedFollowers(
  claim: OutboxItemSummary | null,
  items: readonly OutboxItemSummary[],
): { receipts: Map<string, File[]>; followers: OutboxItemSummary[] } {
  const id = (claim?.body as { id?: unknown } | undefined)?.id;
  const receipts = new Map<string, File[]>();
  if (!claim || typeof id !== 'string') return { receipts, followers: [] };
  const refused = items.filter((item) => item.state === 'needs_attention' && item.id !== claim.id);
  const receiptWrites = refused.filter((item) => item.url === expensePaths.receipts(id) && item.parts);
  for (const write of receiptWrites) {
    const itemId = write.parts?.fields.item_id ?? '';
    receipts.set(itemId, [...(receipts.get(itemId) ?? []), ...correctionFiles(write)]);
  }
  const submits = refused.filter((item) => item.url === expensePaths.action(id, 'submit'));
  return { receipts, followers: [...receiptWrites, ...submits] };
}
