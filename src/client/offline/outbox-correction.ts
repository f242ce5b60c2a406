// Correcting a write the server refused: the outbox's "Correct" opens the form that made it
// (the path the write was queued with) and hands it the item — the queued values and the
// server's field errors. Once the form's new write is sent or queued, the refused one is
// discarded, so what the person meant lands once and nothing they typed is lost on the way.
import { useState } from 'react';
import type { OutboxItemSummary } from '../../shared/sw-messages';
import { discardOutboxItem } from './outbox-bridge';

let correcting: OutboxItemSummary | null = null;

/** Whether the outbox can open this item's form to correct it: refused, with its form and its values. */
export function isCorrectable(item: OutboxItemSummary): boolean {
  return item.state === 'needs_attention' && Boolean(item.form) && item.body !== null && typeof item.body === 'object';
}

/** Called by the outbox before it opens `item.form`. */
export function startCorrection(item: OutboxItemSummary): void {
  correcting = item;
}

/** The refused item the form at `form` was opened to correct (read once, when the form mounts), or null. */
export function useCorrection(form: string): OutboxItemSummary | null {
  const [item] = useState(() => (correcting?.form === form ? correcting : null));
  return item;
}

/** The corrected write is sent or queued: the refused one goes, and the form opens empty next time. */
export function finishCorrection(item: OutboxItemSummary | null): void {
  if (!item) return;
  discardOutboxItem(item.id);
  if (correcting?.id === item.id) correcting = null;
}

/** The field errors the server gave the refused item, as the form shows them (none for a refusal that named no field). */
export function correctionErrors(item: OutboxItemSummary | null): Record<string, string[]> | undefined {
  return item?.error?.fields;
}
