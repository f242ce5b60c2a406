// Step 2 of Import people: each column of the file and the field it holds — guessed from its
// header, or as the company chose last time — changeable before the preview.
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { FormFooter } from '../../../../client/ui/form-footer';
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
        {/* One row per column: the header with an example beside its field on wider screens, above it on a phone. */}
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Columns of the file">
          {sheet.headers.map((header, index) => (
            <SimpleGrid
              key={`${header}-${index}`}
              component="li"
              cols={{ base: 1, sm: 2 }}
              spacing="xs"
              verticalSpacing={4}
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={500}>{header}</Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {example[index] ? `e.g. ${example[index]}` : 'empty in the first row'}
                </Text>
              </div>
              <SelectField
                aria-label={`Field for column ${header}`}
                data={OPTIONS}
                value={mapping[index] ?? null}
                noneLabel="No field"
                onChange={(value) => onChange(index, (value as ImportField | null) ?? null)}
              />
            </SimpleGrid>
          ))}
        </Stack>
        <FormFooter
          submitting={busy}
          onCancel={onRestart}
          cancelLabel="Choose another file"
          label="Preview"
          problem={problem}
          onSubmit={onPreview}
          apart
        />
      </Stack>
    </Paper>
  );
}
