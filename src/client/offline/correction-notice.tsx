// What a form opened from the outbox's "Correct" says above its fields: the server's words for
// the refusal and that what the person wrote is below to correct; and, beside a file field, the
// file that was queued with the write (a file input cannot be filled in again), kept unless
// another is chosen. Where the form is gone because its record closed meanwhile (a task done, a
// return to work closed), what happened and what the person wrote, to copy.
import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { OutboxItemSummary } from '../../shared/sw-messages';
import { finishCorrection } from './outbox-correction';

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

/** One thing the person wrote, as the closed form named it: its label and its text. */
export type WrittenEntry = { label: string; text: string };

/**
 * In place of a form whose record closed after the refused write was queued: what happened
 * (`closed`, then the server's words), what the person wrote (`entries`, to copy), and a way to
 * take the write out of the outbox once they have what they need.
 */
export function ClosedCorrection({
  item,
  what,
  closed,
  entries,
}: {
  item: OutboxItemSummary | null;
  what: string;
  closed: string;
  entries: readonly WrittenEntry[];
}) {
  const [removed, setRemoved] = useState(false);
  if (!item || removed) return null;
  const written = entries.filter((entry) => entry.text.trim() !== '');
  const copied = written.map((entry) => `${entry.label}: ${entry.text}`).join('\n');
  return (
    <Alert color="yellow" title={`Your ${what} could not be sent`} role="status">
      <Stack gap="sm">
        <Text size="sm">
          {closed} {item.error?.message}
        </Text>
        {written.length > 0 ? (
          <>
            <Text size="sm">What you wrote is below, to copy.</Text>
            <Stack gap={6} component="dl" m={0}>
              {written.map((entry) => (
                <div key={entry.label}>
                  <Text component="dt" size="sm" fw={600}>
                    {entry.label}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {entry.text}
                  </Text>
                </div>
              ))}
            </Stack>
          </>
        ) : null}
        <Group gap="xs">
          {written.length > 0 && (
            <CopyButton value={copied}>
              {({ copied: done, copy }) => (
                <Button size="sm" variant="light" onClick={copy}>
                  {done ? 'Copied' : 'Copy what you wrote'}
                </Button>
              )}
            </CopyButton>
          )}
          <Button
            size="sm"
            variant="default"
            onClick={() => {
              finishCorrection(item);
              setRemoved(true);
            }}
          >
            Remove it from the outbox
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
