// Return-to-work items as a table on wider screens and cards on phones: the person, the
// sickness dates and length, the kind (self-certification or fit note) and the status, each
// opening the item's page.
import '@mantine/core/styles/Card.css';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { RowsTable } from '../../../../client/ui/rows-view';
import type { ReturnToWorkItem } from '../../return-to-work.contract';
import { formatDate, personName } from '../absence/absence-format';
import { ReturnToWorkStatusBadge } from '../absence/absence-status-badge';
import { signedInUser } from '../requests.api';
import { calendarDaysText, KIND_LABELS } from './return-to-work-words';

export const FILL_IN_YOUR_FORM = 'Fill in your form';
export const UPLOAD_YOUR_FIT_NOTE = 'Upload your fit note';

/** The status, or — on the person's own item still waiting for them — the button to do it. */
function StatusOrAction({ item }: { item: ReturnToWorkItem }) {
  if (item.status !== 'awaiting_employee' || item.user.id !== signedInUser().id) return <ReturnToWorkStatusBadge status={item.status} />;
  return (
    <Button
      size="compact-sm"
      renderRoot={(props) => <Link {...props} to="/return-to-work/$id/self-certification" params={{ id: item.id }} />}
    >
      {item.kind === 'fit_note' ? UPLOAD_YOUR_FIT_NOTE : FILL_IN_YOUR_FORM}
    </Button>
  );
}

function ItemLink({ item }: { item: ReturnToWorkItem }) {
  return (
    <Anchor fw={600} renderRoot={(props) => <Link {...props} to="/return-to-work/$id/self-certification" params={{ id: item.id }} />}>
      {personName(item.user)}
    </Anchor>
  );
}

const dates = (item: ReturnToWorkItem) => `${formatDate(item.first_day)} to ${formatDate(item.last_day)}`;

export function ReturnToWorkTable({ items }: { items: ReturnToWorkItem[] }) {
  return (
    <RowsTable
      label="Return to work"
      rows={items}
      columns={[
        { label: 'Person', render: (item) => <ItemLink item={item} /> },
        { label: 'Sickness', render: dates },
        { label: 'Length', render: (item) => calendarDaysText(item.calendar_days) },
        { label: 'Kind', render: (item) => KIND_LABELS[item.kind] },
        { label: 'Status', render: (item) => <StatusOrAction item={item} /> },
      ]}
      minWidth={640}
      striped={false}
      highlightOnHover
      verticalSpacing="sm"
    />
  );
}

export function ReturnToWorkCards({ items }: { items: ReturnToWorkItem[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Return to work">
      {items.map((item) => (
        <Card key={item.id} withBorder radius="md" padding="sm" role="listitem">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <ItemLink item={item} />
              <StatusOrAction item={item} />
            </Group>
            <Text size="sm">{dates(item)}</Text>
            <Text size="sm" c="dimmed">
              {calendarDaysText(item.calendar_days)} · {KIND_LABELS[item.kind]}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
