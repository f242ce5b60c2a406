// What a form opened from the outbox's "Correct" says above its fields: the server's words for
// the refusal and that what the person wrote is below to correct; and, beside a file field, the
// file that was queued with the write (a file input cannot be filled in again), kept unless
// another is chosen.
import { Alert, Text } from '@mantine/core';
import type { OutboxItemSummary } from '../../shared/sw-messages';

export const CORRECTION_TITLE = 'Refused when it was sent';

/** `what`: the thing the person wrote, as the sentence names it ("report", "request"). */
export function CorrectionNotice({ item, what }: { item: OutboxItemSummary | null; what: string }) {
  if (!item) return null;
  return (
    <Alert color="red" title={CORRECTION_TITLE}>
      {item.error?.message} Your {what} is below as you wrote it: correct it and send it again.
    </Alert>
  );
}

/** The file kept from the refused write, sent again unless the person chooses another. */
export function KeptFile({ file }: { file: File | null }) {
  if (!file) return null;
  return (
    <Text size="sm" c="dimmed">
      Kept from before: {file.name} (sent again unless you choose another)
    </Text>
  );
}
