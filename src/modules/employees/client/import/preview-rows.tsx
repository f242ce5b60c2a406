// The preview's rows: a table on wider screens, cards on a phone; each row's line in the file,
// the person, whether they are new or updated, and every problem in the forms' words. Rows with
// problems come first; at most 200 rows are drawn (the counts above cover every row).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
import { Badge, Card, List, Stack, Table, Text } from '@mantine/core';
import { IMPORT_FIELD_LABELS, type ImportField, type ImportRowPreview } from '../../people-import.contract';
import { usePhone } from '../../../../client/ui/phone';

export const ROWS_SHOWN = 200;

const ACTION_BADGE = {
  new: { color: 'green', label: 'New' },
  update: { color: 'blue', label: 'Update' },
  error: { color: 'red', label: 'Error' },
} as const;

function Problems({ row }: { row: ImportRowPreview }) {
  const entries = Object.entries(row.errors) as [ImportField | 'row', string[]][];
  if (entries.length === 0) return null;
  return (
    <List size="sm" c="red" spacing={2}>
      {entries.map(([field, messages]) => (
        <List.Item key={field}>
          {field === 'row' ? '' : `${IMPORT_FIELD_LABELS[field]}: `}
          {messages.join(' ')}
        </List.Item>
      ))}
    </List>
  );
}

const name = (row: ImportRowPreview) => row.name || '(no name)';

export function PreviewRows({ rows }: { rows: ImportRowPreview[] }) {
  const phone = usePhone();
  const ordered = [...rows.filter((row) => row.action === 'error'), ...rows.filter((row) => row.action !== 'error')].slice(0, ROWS_SHOWN);
  if (phone) {
    return (
      <Stack gap="xs" aria-label="Rows of the file">
        {ordered.map((row) => (
          <Card key={row.line} withBorder radius="md" p="sm" component="article" aria-label={`Line ${row.line}: ${name(row)}`}>
            <Stack gap={4}>
              <Text fw={600}>
                Line {row.line}: {name(row)}{' '}
                <Badge color={ACTION_BADGE[row.action].color} variant="light" ml={4}>
                  {ACTION_BADGE[row.action].label}
                </Badge>
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email || 'no work e-mail'}
              </Text>
              <Problems row={row} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="xs" striped aria-label="Rows of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Work e-mail</Table.Th>
            <Table.Th>Import as</Table.Th>
            <Table.Th>Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{name(row)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
              <Table.Td>
                <Badge color={ACTION_BADGE[row.action].color} variant="light">
                  {ACTION_BADGE[row.action].label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Problems row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
