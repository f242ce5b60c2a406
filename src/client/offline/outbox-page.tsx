// /outbox: the user's changes kept by the service worker's outbox, newest first — waiting,
// being sent, refused by the server (its message; Correct, which opens the form that made it
// with the queued values — its page, or its dialog over this one — or the words of what that
// form opens instead; Retry; Discard after a confirmation) or synced in the last day.
// Offline, a note says they go when the network returns.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useOnline } from './network';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DATE_FORMATS, formatLondon } from '../../shared/dates';
import type { OutboxItemSummary } from '../../shared/sw-messages';
import { usePageTitle } from '../shell/page-title';
import { discardOutboxItem, retryOutboxItem } from './outbox-bridge';
import { correctionAction, isCorrectable, isDialogForm, startCorrection } from './outbox-correction';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS, outboxPreview } from './outbox-copy';
import { useOutboxItems } from './outbox-items';

export const OUTBOX_EMPTY = 'Nothing waiting to sync.';
export const OUTBOX_OFFLINE_NOTE = 'You are offline. These changes will be sent when you are back online.';

export function OutboxPage() {
  usePageTitle('Outbox');
  const items = useOutboxItems();
  const online = useOnline();
  const [discarding, setDiscarding] = useState<OutboxItemSummary | null>(null);

  const confirmDiscard = () => {
    if (discarding) discardOutboxItem(discarding.id);
    setDiscarding(null);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Outbox</Title>
        <Text c="dimmed">Changes you made without a connection, and those sent in the last day.</Text>
      </Stack>
      {!online && (
        <Alert color="gray" variant="light">
          {OUTBOX_OFFLINE_NOTE}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="xs">
        {items.length === 0 ? (
          <Text p="md" c="dimmed" ta="center">
            {OUTBOX_EMPTY}
          </Text>
        ) : (
          <Stack gap={0} role="list" aria-label="Outbox">
            {items.map((item) => (
              <OutboxRow key={item.id} item={item} onDiscard={() => setDiscarding(item)} />
            ))}
          </Stack>
        )}
      </Paper>
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title="Discard change">
        <Stack gap="md">
          <Text>Discard “{discarding?.label}”? It will not be sent.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDiscarding(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDiscard}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function OutboxRow({ item, onDiscard }: { item: OutboxItemSummary; onDiscard: () => void }) {
  const navigate = useNavigate();
  const refused = item.state === 'needs_attention';
  const preview = outboxPreview(item);
  const correct = () => {
    startCorrection(item);
    if (item.form && !isDialogForm(item.form)) void navigate({ to: item.form as never });
  };
  return (
    <Stack role="listitem" gap="xs" p="sm" className="outbox-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text fw={600}>{item.label}</Text>
          {preview && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {preview}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {formatLondon(item.createdAt, DATE_FORMATS.dateTime)}
          </Text>
          {refused && item.error && (
            <Text size="sm" c="red">
              {item.error.message}
            </Text>
          )}
        </Stack>
        {/* The state never shrinks: the text beside it wraps instead. */}
        <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={OUTBOX_STATE_COLOURS[item.state]} variant="light">
            {OUTBOX_STATE_LABELS[item.state]}
          </Badge>
        </Stack>
      </Group>
      {refused && (
        <Group gap="xs" justify="flex-end">
          {isCorrectable(item) && (
            <Button size="sm" onClick={correct} aria-label={`${correctionAction(item)} “${item.label}”`}>
              {correctionAction(item)}
            </Button>
          )}
          <Button size="sm" variant="light" onClick={() => retryOutboxItem(item.id)}>
            Retry
          </Button>
          <Button size="sm" color="red" variant="subtle" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      )}
    </Stack>
  );
}
