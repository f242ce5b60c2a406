// The calls of Settings → Import people: reading a file (multipart), the preview, the import
// itself read as it streams (NDJSON progress lines, then the result), and the templates.
import { fetchFile, saveFile } from '../../../../client/api/downloads';
import {
  peopleImportPaths,
  type ImportPreview,
  type ImportResult,
  type ImportRowPreview,
  type ImportStreamLine,
  type ParsedSpreadsheet,
  type PeopleImportInput,
} from '../../people-import.contract';

export async function parseSpreadsheet(file: File): Promise<ParsedSpreadsheet> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetchFile(peopleImportPaths.parse, { init: { method: 'POST', body: form } });
  return (await response.json()) as ParsedSpreadsheet;
}

// Through fetchFile rather than apiFetch: a preview changes nothing worth replaying, and its
// answer (every row of a file of up to 5,000) is not one to keep in the idempotency store.
export async function previewImport(body: PeopleImportInput): Promise<ImportPreview> {
  const init = { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  return (await (await fetchFile(peopleImportPaths.preview, { init })).json()) as ImportPreview;
}

/** A refusal the import reported on its last line (after its answer had started). */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly rows: ImportRowPreview[],
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}

/** Runs the import, telling `onProgress` as rows are written; the result, or ImportRefused. */
export async function runImport(body: PeopleImportInput, onProgress: (done: number, total: number) => void): Promise<ImportResult> {
  const response = await fetchFile(peopleImportPaths.run, {
    init: { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' } },
  });
  const reader = response.body?.getReader();
  if (!reader) throw new ImportRefused('The import could not be completed; nothing was changed.', []);
  const decoder = new TextDecoder();
  let buffered = '';
  let last: ImportStreamLine | null = null;
  const take = (line: string) => {
    if (line.trim() === '') return;
    last = JSON.parse(line) as ImportStreamLine;
    if (last.type === 'progress') onProgress(last.done, last.total);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(buffered);
  const end = last as ImportStreamLine | null;
  if (end?.type === 'result') return end.result;
  if (end?.type === 'error') throw new ImportRefused(end.message, end.rows ?? []);
  throw new ImportRefused(
    'The connection ended before the import finished. Import the same file again: people already imported are updated, not added twice.',
    [],
  );
}

export const downloadTemplate = (format: 'csv' | 'xlsx') =>
  saveFile(peopleImportPaths.template(format), `people-import-template.${format}`);
