// Step 1 of Import people: choose a CSV or Excel file and upload it to be read; the templates
// (CSV and Excel, one example row each) download from here.
import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { downloadTemplate } from './people-import.api';

type Props = { busy: boolean; problem: string | null; onUpload: (file: File) => void };

export function UploadStep({ busy, problem, onUpload }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [templateProblem, setTemplateProblem] = useState<string | null>(null);
  const template = (format: 'csv' | 'xlsx') => {
    setTemplateProblem(null);
    downloadTemplate(format).catch((error: unknown) => setTemplateProblem(error instanceof Error ? error.message : String(error)));
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-upload-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (file) onUpload(file);
        }}
      >
        <Stack gap="md">
          <Text id="import-upload-title" fw={600}>
            1. Choose your spreadsheet
          </Text>
          <Text size="sm" c="dimmed">
            A CSV or Excel (.xlsx) file with one person a row and a header row, such as an export from BrightHR or Breathe. Dates may be
            written dd/mm/yyyy. People already here are matched by their work e-mail and updated.
          </Text>
          <FileInput
            label="Spreadsheet (CSV or Excel)"
            placeholder="Choose a file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={setFile}
            clearable
          />
          {problem && (
            <Alert color="red" role="alert" title="The file could not be read">
              {problem}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            <Group gap="md">
              <Anchor component="button" type="button" size="sm" onClick={() => template('csv')}>
                Download the CSV template
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => template('xlsx')}>
                Download the Excel template
              </Anchor>
            </Group>
            <Button type="submit" disabled={!file} loading={busy}>
              Upload
            </Button>
          </Group>
          {templateProblem && (
            <Text size="sm" c="red" role="alert">
              {templateProblem}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
