// /settings/import-people: import people from a spreadsheet, in steps — upload, match the
// columns, check every row and import (all or nothing, with progress), then what was done.
// The file's cells stay in this page; the server reads the file and checks every row.
import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateResources } from '../../../../client/api/invalidate-resources';
import { usePageTitle } from '../../../../client/shell/page-title';
import { PermissionGuard } from '../../../../client/ui/permission-guard';
import {
  PEOPLE_IMPORT_ENDPOINT,
  PEOPLE_IMPORT_INVALIDATES,
  type ImportField,
  type ImportPreview,
  type ImportResult,
  type ParsedSpreadsheet,
  type PeopleImportInput,
} from '../../people-import.contract';
import { MappingStep } from './mapping-step';
import { parseSpreadsheet, previewImport, runImport, ImportRefused } from './people-import.api';
import { PreviewStep, type Creation } from './preview-step';
import { ResultStep } from './result-step';
import { UploadStep } from './upload-step';

type Step = 'upload' | 'mapping' | 'preview' | 'result';
const NO_CREATION: Creation = { departments: [], locations: [], job_titles: [] };

/** The message of a refusal: the field messages when the server gave them, else its message. */
function messageOf(error: unknown): string {
  const fieldErrors = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors;
  const messages = fieldErrors ? Object.values(fieldErrors).flat() : [];
  if (messages.length > 0) return messages.slice(0, 5).join(' ');
  return error instanceof Error ? error.message : String(error);
}

function ImportPeople() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('upload');
  const [sheet, setSheet] = useState<ParsedSpreadsheet | null>(null);
  const [mapping, setMapping] = useState<(ImportField | null)[]>([]);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewed, setPreviewed] = useState<string>('');
  const [creation, setCreation] = useState<Creation>(NO_CREATION);
  const [invite, setInvite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const body = (): PeopleImportInput => ({ headers: sheet?.headers ?? [], rows: sheet?.rows ?? [], mapping, create: creation, invite });
  const restart = () => {
    setStep('upload');
    setSheet(null);
    setPreview(null);
    setCreation(NO_CREATION);
    setProblem(null);
    setResult(null);
    setProgress(null);
  };
  const upload = async (file: File) => {
    setBusy(true);
    setProblem(null);
    try {
      const read = await parseSpreadsheet(file);
      setSheet(read);
      setMapping(read.mapping);
      setPreview(null);
      setCreation(NO_CREATION);
      setStep('mapping');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const runPreview = async (choice: Creation = creation) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await previewImport({ ...body(), create: choice });
      setPreview(answer);
      setPreviewed(JSON.stringify(choice));
      setStep('preview');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const runImportNow = async () => {
    if (!preview) return;
    setProblem(null);
    setProgress({ done: 0, total: preview.counts.new + preview.counts.updated });
    try {
      const done = await runImport(body(), (count, total) => setProgress({ done: count, total }));
      setResult(done);
      setStep('result');
      await invalidateResources(queryClient, PEOPLE_IMPORT_INVALIDATES);
    } catch (error) {
      setProblem(
        error instanceof ImportRefused && error.rows.length > 0
          ? `${error.message} ${error.rows.map((row) => `Line ${row.line}: ${Object.values(row.errors).flat().join(' ')}`).join(' ')}`
          : messageOf(error),
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <Text c="dimmed">
        Add or update many people at once from a spreadsheet. Nothing changes until every row is right, and then everything is imported
        together.
      </Text>
      {step === 'upload' && <UploadStep busy={busy} problem={problem} onUpload={(file) => void upload(file)} />}
      {step === 'mapping' && sheet && (
        <MappingStep
          sheet={sheet}
          mapping={mapping}
          busy={busy}
          problem={problem}
          onChange={(index, field) => setMapping((current) => current.map((value, i) => (i === index ? field : value)))}
          onPreview={() => void runPreview()}
          onRestart={restart}
        />
      )}
      {step === 'preview' && preview && (
        <PreviewStep
          preview={preview}
          creation={creation}
          invite={invite}
          stale={previewed !== JSON.stringify(creation)}
          busy={busy}
          progress={progress}
          problem={problem}
          onCreation={setCreation}
          onInvite={setInvite}
          onPreview={() => void runPreview()}
          onImport={() => void runImportNow()}
          onBack={() => setStep('mapping')}
          onRestart={restart}
        />
      )}
      {step === 'result' && result && <ResultStep result={result} onAgain={restart} />}
    </Stack>
  );
}

export function PeopleImportPage() {
  usePageTitle('Import people');
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>Import people</Title>
      <PermissionGuard requires={{ endpoint: PEOPLE_IMPORT_ENDPOINT, method: 'POST', scope: 'company' }}>
        <ImportPeople />
      </PermissionGuard>
    </Stack>
  );
}
