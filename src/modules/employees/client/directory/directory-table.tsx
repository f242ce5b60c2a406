// The directory's rows: a table on wider screens (with a select-all checkbox for the page
// when bulk actions are allowed), cards on phones. Each name links to the person's profile.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DirectoryEntry } from '../../directory.contract';
import { PersonAvatar } from './person-avatar';
import { StatusBadge } from './status-badge';
import { RowsTable, SelectRow, type RowColumn, type RowSelection } from '../../../../client/ui/rows-view';

export const fullName = (person: { first_name: string; middle_names?: string | null; surname: string }) =>
  [person.first_name, person.middle_names, person.surname].filter(Boolean).join(' ');

type Props = {
  rows: DirectoryEntry[];
  /** Null when the viewer may not use bulk actions: no checkboxes. */
  selected: ReadonlySet<string> | null;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
};

function Tags({ tags }: { tags: DirectoryEntry['tags'] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag.id} color={tag.colour || 'gray'} variant="outline" size="sm">
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}

function NameLink({ person }: { person: DirectoryEntry }) {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/employee/$id" params={{ id: person.id }} />} fw={600}>
      {fullName(person)}
    </Anchor>
  );
}

const COLUMNS: RowColumn<DirectoryEntry>[] = [
  {
    label: 'Name',
    render: (row) => (
      <Group gap="sm" wrap="nowrap">
        <PersonAvatar userId={row.id} name={fullName(row)} image={row.profile_image} size={36} />
        <Stack gap={0}>
          <NameLink person={row} />
          <Text size="xs" c="dimmed">
            {row.email}
          </Text>
        </Stack>
      </Group>
    ),
  },
  { label: 'Job title', render: (row) => row.job_title ?? '—' },
  { label: 'Department', render: (row) => row.department?.name ?? '—' },
  { label: 'Location', render: (row) => row.location?.name ?? '—' },
  { label: 'Status', render: (row) => <StatusBadge status={row.status} /> },
  { label: 'Tags', render: (row) => <Tags tags={row.tags} /> },
];

const selectionOf = ({ selected, onToggle, onToggleAll }: Props): RowSelection<DirectoryEntry> | null =>
  selected && { selected, onToggle, onToggleAll, allLabel: 'Select every employee on this page', nameOf: fullName };

export function DirectoryTable(props: Props) {
  const { rows, selected } = props;
  return (
    <RowsTable
      label="Employees"
      rows={rows}
      columns={COLUMNS}
      selection={selectionOf(props)}
      minWidth={760}
      striped={false}
      highlightOnHover
      verticalSpacing="sm"
      rowProps={(row) => ({ bg: selected?.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined })}
    />
  );
}

export function DirectoryCards(props: Props) {
  const { rows } = props;
  const selection = selectionOf(props);
  return (
    <Stack gap="sm" role="list" aria-label="Employees">
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="sm" role="listitem">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {selection && <SelectRow row={row} selection={selection} mt={8} />}
            <PersonAvatar userId={row.id} name={fullName(row)} image={row.profile_image} size={44} />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <NameLink person={row} />
                <StatusBadge status={row.status} />
              </Group>
              {row.job_title && <Text size="sm">{row.job_title}</Text>}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[row.department?.name, row.location?.name].filter(Boolean).join(' · ') || row.email}
              </Text>
              <Tags tags={row.tags} />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
