// Step 2 of Import people: each column of the file and the field it holds — guessed from its
// header, or as the company chose last time — changeable before the preview.
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { SelectField } from '../../../../client/ui/select-field';
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, type ImportField, type ParsedSpreadsheet } from '../../people-import.contract';

type Props = {
  sheet: ParsedSpreadsheet;
  mapping: (ImportField | null)[];
  busy: boolean;
  problem: string | null;
  onChange: (index: number, field: ImportField | null) => void;
  onPreview: () => void;
  onRestart: () => void;
};

const OPTIONS = IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] }));

export function MappingStep({ sheet, mapping, busy, problem, onChange, onPreview, onRestart }: Props) {
  const example = sheet.rows[0] ?? [];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-mapping-title">
      <Stack gap="md">
        <Text id="import-mapping-title" fw={600}>
          2. Match the columns
        </Text>
        <Text size="sm" c="dimmed">
          {sheet.file_name}: {sheet.rows.length} {sheet.rows.length === 1 ? 'row' : 'rows'}.{' '}
          {sheet.remembered ? 'The columns are matched as you chose last time.' : 'The columns are matched from their headers.'} Change any
          that are wrong; choose “No field” to leave a column out.
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column</Table.Th>
                <Table.Th>Field</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.headers.map((header, index) => (
                <Table.Tr key={`${header}-${index}`}>
                  <Table.Td>
                    <Text fw={500}>{header}</Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {example[index] ? `e.g. ${example[index]}` : 'empty in the first row'}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={180}>
                    <SelectField
                      aria-label={`Field for column ${header}`}
                      data={OPTIONS}
                      value={mapping[index] ?? null}
                      noneLabel="No field"
                      onChange={(value) => onChange(index, (value as ImportField | null) ?? null)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onRestart}>
            Choose another file
          </Button>
          <Button onClick={onPreview} loading={busy}>
            Preview
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
