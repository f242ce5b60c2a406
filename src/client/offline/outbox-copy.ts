// The outbox's words, shared by the /outbox page, the lists that show queued records and the
// forms whose write was queued (British English).
import type { OutboxItemSummary, OutboxState } from '../../shared/sw-messages';

export const QUEUED_TOAST_MESSAGE = 'Saved — it will be sent when you are back online.';

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  waiting: 'Waiting to sync',
  sending: 'Sending…',
  needs_attention: 'Needs attention',
  synced: 'Synced',
};

export const OUTBOX_STATE_COLOURS: Record<OutboxState, string> = {
  waiting: 'yellow',
  sending: 'blue',
  needs_attention: 'red',
  synced: 'green',
};

/** "1 change" / "3 changes", for the logout question. */
export function changesCount(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}

/** Fields whose text tells one queued record from another, in the order they are tried. */
const PREVIEW_FIELDS = ['message', 'title', 'name', 'description', 'reason'];
const PREVIEW_MAX_LENGTH = 80;

/** A line of what was written ("Rota app shows the wrong Saturday"), while the item still holds its body; null otherwise. */
export function outboxPreview(item: Pick<OutboxItemSummary, 'body'>): string | null {
  const body = item.body;
  if (!body || typeof body !== 'object') return null;
  const text = PREVIEW_FIELDS.map((field) => (body as Record<string, unknown>)[field]).find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (!text) return null;
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > PREVIEW_MAX_LENGTH ? `${line.slice(0, PREVIEW_MAX_LENGTH - 1)}…` : line;
}
