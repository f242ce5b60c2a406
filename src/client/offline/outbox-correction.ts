// Correcting a write the server refused: the outbox's "Correct" opens the form that made it
// (the path the write was queued with, or a dialog of the frame opened over the current page)
// and hands it the item — the queued values and the server's field errors. Once the form's new
// write is sent or queued, the refused one is discarded, so what the person meant lands once
// and nothing they typed is lost on the way.
import { useEffect, useState } from 'react';
import type { OutboxItemSummary } from '../../shared/sw-messages';
import { discardOutboxItem } from './outbox-bridge';

let correcting: OutboxItemSummary | null = null;
const dialogs = new Set<(item: OutboxItemSummary) => void>();

/**
 * The `form` of a write made in a dialog the frame opens over any page (Contact support, the chat
 * panel): the outbox opens it where the person is instead of going to a page.
 */
export const DIALOG_FORMS = { contactSupport: '#contact-support', chat: '#chat' } as const;

export const isDialogForm = (form: string) => form.startsWith('#');

/** What the outbox's button that opens a refused item's form says. */
export const CORRECT_ACTION = 'Correct';

/**
 * Whether the outbox can open this item's form: refused, with its form and its values (a JSON
 * body, or a multipart body's parts), or with a form that says what else it opens.
 */
export function isCorrectable(item: OutboxItemSummary): boolean {
  if (item.state !== 'needs_attention' || !item.form) return false;
  return Boolean(item.formAction) || (item.body !== null && typeof item.body === 'object') || item.parts !== undefined;
}

/** The words of the button that opens the item's form. */
export function correctionAction(item: OutboxItemSummary): string {
  return item.formAction ?? CORRECT_ACTION;
}

/**
 * The record a refused write sent, whether as JSON or (beside a file) as the JSON text of the
 * multipart field `field`; null when it has none.
 */
export function correctionRecord(item: OutboxItemSummary | null, field = 'data'): Record<string, unknown> | null {
  if (!item) return null;
  if (item.body !== null && typeof item.body === 'object') return item.body as Record<string, unknown>;
  const text = item.parts?.fields[field];
  if (text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The files a refused multipart write sent under `field` (a report's photo, a receipt), to go back into the form. */
export function correctionFiles(item: OutboxItemSummary | null, field = 'file'): File[] {
  return (item?.parts?.files ?? []).filter((part) => part.name === field).map((part) => part.file);
}

/** Called by the outbox before it opens `item.form`; a dialog's form is opened by its `useCorrectionDialog`. */
export function startCorrection(item: OutboxItemSummary): void {
  correcting = item;
  for (const open of [...dialogs]) open(item);
}

/** Opens the dialog whose form is `form` when the outbox asks to correct a write made in it. */
export function useCorrectionDialog(form: string, open: () => void): void {
  useEffect(() => {
    const listener = (item: OutboxItemSummary) => {
      if (item.form === form) open();
    };
    dialogs.add(listener);
    return () => {
      dialogs.delete(listener);
    };
  }, [form, open]);
}

/**
 * The refused item the form at `form` was opened to correct (read once, when the form mounts), or
 * null. Closed without sending (Cancel, another page), the form opens empty next time: the item
 * waits in the outbox for its Correct again.
 */
export function useCorrection(form: string): OutboxItemSummary | null {
  const [item] = useState(() => (correcting?.form === form ? correcting : null));
  useEffect(
    () => () => {
      if (item && correcting?.id === item.id) correcting = null;
    },
    [item],
  );
  return item;
}

/**
 * The corrected write is sent or queued: the refused one goes (with the refused writes that
 * followed it and are sent again with the correction, such as a claim's receipts), and the form
 * opens empty next time.
 */
export function finishCorrection(item: OutboxItemSummary | null, followers: readonly OutboxItemSummary[] = []): void {
  if (!item) return;
  discardOutboxItem(item.id);
  for (const follower of followers) discardOutboxItem(follower.id);
  if (correcting?.id === item.id) correcting = null;
}

/** The field errors the server gave the refused item, as the form shows them (none for a refusal that named no field). */
export function correctionErrors(item: OutboxItemSummary | null): Record<string, string[]> | undefined {
  return item?.error?.fields;
}
