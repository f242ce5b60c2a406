// The directory's rows: a table on wider screens (with a select-all checkbox for the page
// when bulk actions are allowed), cards on phones. Each name links to the person's profile.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DirectoryEntry } from '../../directory.contract';
import { PersonAvatar } from './person-avatar';
import { StatusBadge } from './status-badge';

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

export function DirectoryTable({ rows, selected, onToggle, onToggleAll }: Props) {
  const all = rows.length > 0 && rows.every((row) => selected?.has(row.id));
  const some = rows.some((row) => selected?.has(row.id));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Employees">
        <Table.Thead>
          <Table.Tr>
            {selected && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every employee on this page"
                  checked={all}
                  indeterminate={some && !all}
                  onChange={(event) => onToggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th>Name</Table.Th>
            <Table.Th>Job title</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} bg={selected?.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}>
              {selected && (
                <Table.Td>
                  <Checkbox aria-label={`Select ${fullName(row)}`} checked={selected.has(row.id)} onChange={() => onToggle(row.id)} />
                </Table.Td>
              )}
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <PersonAvatar userId={row.id} name={fullName(row)} image={row.profile_image} size={36} />
                  <Stack gap={0}>
                    <NameLink person={row} />
                    <Text size="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>{row.job_title ?? '—'}</Table.Td>
              <Table.Td>{row.department?.name ?? '—'}</Table.Td>
              <Table.Td>{row.location?.name ?? '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <Tags tags={row.tags} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function DirectoryCards({ rows, selected, onToggle }: Props) {
  return (
    <Stack gap="sm" role="list" aria-label="Employees">
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="sm" role="listitem">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {selected && (
              <Checkbox mt={8} aria-label={`Select ${fullName(row)}`} checked={selected.has(row.id)} onChange={() => onToggle(row.id)} />
            )}
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
