// Builds one subject access export: every declared table's rows about the person (in the
// modules' order), the original files those rows name, a readable HTML summary and the same
// as JSON, zipped into the company's file storage. Progress is written after each table so
// the page watching it moves; the zip is complete before the export is marked ready.
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '../../../server/db/database';
import { withSystem, withTenant } from '../../../server/db/database';
import { newStorageKey, type FileStorage } from '../../../server/files/storage';
import { createFile } from '../../../server/files/files.queries';
import { BY_THE_SYSTEM, recordAudit } from '../../../server/audit/audit.queries';
import { collectPersonalData, type DeclaredTable } from '../../../server/personal-data';
import type { ServerModule } from '../../../server/server-module';
import { sanitiseFileName, uniqueNames } from '../../../server/files/file-names';
import { EXPORT_LINK_DAYS } from '../privacy.contract';
import { exportSummaryHtml, type ExportSection } from './export-summary';
import { NEVER_EXPORTED, filesByIds, rowsAbout, tableColumns } from './personal-rows.queries';
import { claimNextExport, companyName, failExport, findPerson, finishExport, setExportProgress } from './privacy.queries';

/** The biggest export kept (files included); past it the export fails with a message. */
const MAX_EXPORT_BYTES = 2 * 1024 * 1024 * 1024;

export type ExportBuildContext = { db: Db; storage: FileStorage; modules: readonly ServerModule[]; now?: () => Date };

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function cleanRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !NEVER_EXPORTED.has(key))
      .map(([key, value]) => [key, plain(value)]),
  );
}

/** The tables an export reads, with each child's parent. */
export function exportedTables(modules: readonly ServerModule[]): { table: DeclaredTable; parent?: DeclaredTable }[] {
  const all = collectPersonalData(modules);
  const byName = new Map(all.map((table) => [table.table, table]));
  return all
    .filter((table) => table.inExport !== false && (table.subject?.length || table.via))
    .map((table) => ({ table, ...(table.via ? { parent: byName.get(table.via.parent) } : {}) }));
}

/** Builds the oldest waiting export, if any; true when one was handled. */
export async function buildNextExport(context: ExportBuildContext): Promise<boolean> {
  const claimed = await withSystem(context.db, (trx) => claimNextExport(trx));
  if (!claimed) return false;
  const { id, company_id: companyId, user_id: userId } = claimed;
  try {
    await buildExport(context, { id, companyId, userId, requestedBy: claimed.requested_by });
  } catch (error) {
    const message = error instanceof Error && error.message.length < 300 ? error.message : 'The export could not be built.';
    await withTenant(context.db, companyId, (trx) => failExport(trx, { companyId, id, error: message }));
  }
  return true;
}

/** Builds every waiting export (the job's run). */
export async function buildPendingExports(context: ExportBuildContext): Promise<number> {
  let built = 0;
  while (await buildNextExport(context)) built += 1;
  return built;
}

async function buildExport(
  context: ExportBuildContext,
  input: { id: string; companyId: string; userId: string; requestedBy: string | null },
): Promise<void> {
  const { db, storage } = context;
  const { id, companyId, userId } = input;
  const tables = exportedTables(context.modules);
  const total = tables.length + 2;
  const { person, company, columns } = await withTenant(db, companyId, async (trx) => ({
    person: await findPerson(trx, { companyId, userId }),
    company: await companyName(trx, companyId),
    columns: await tableColumns(trx),
  }));
  if (!person) throw new Error('The person is no longer in the company.');

  const sections: ExportSection[] = [];
  const fileIds = new Map<string, { module: string }>();
  for (const [index, { table, parent }] of tables.entries()) {
    const rows = await withTenant(db, companyId, (trx) => rowsAbout(trx, { table, parent, companyId, userId, columns }));
    if (rows.length > 0) sections.push({ module: table.module, table: table.table, label: table.label, rows: rows.map(cleanRow) });
    for (const row of rows) {
      for (const column of table.files ?? []) {
        const fileId = row[column];
        if (typeof fileId === 'string') fileIds.set(fileId, { module: table.module });
      }
    }
    if (index % 3 === 2) await withTenant(db, companyId, (trx) => setExportProgress(trx, { companyId, id, progress: index + 1, total }));
  }

  const files = await withTenant(db, companyId, (trx) => filesByIds(trx, { companyId, ids: [...fileIds.keys()] }));
  const names = uniqueNames(
    files.map((file) => `files/${fileIds.get(file.id)?.module ?? 'other'}/${sanitiseFileName(file.original_name)}`),
  );
  const generatedAt = (context.now?.() ?? new Date()).toISOString();
  const personName = `${person.first_name} ${person.surname}`;
  const fileList = files.map((file, index) => ({
    id: file.id,
    name: names[index]!,
    type: file.mime_type,
    sizeBytes: Number(file.size_bytes),
  }));
  const document = { person: { id: person.id, name: personName, email: person.email }, company, generatedAt, sections, files: fileList };
  await withTenant(db, companyId, (trx) => setExportProgress(trx, { companyId, id, progress: tables.length + 1, total }));

  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(exportSummaryHtml(document), 'utf8'), 'summary.html');
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2), 'utf8'), 'data.json');
  for (const [index, file] of files.entries()) {
    const stat = await storage.stat(file.storage_key);
    if (stat) zip.addReadStream(await storage.open(file.storage_key), names[index]!);
  }
  zip.end();
  const key = newStorageKey();
  const stored = await storage.put({ key, source: zip.outputStream.pipe(new PassThrough()), maxBytes: MAX_EXPORT_BYTES });
  const safeName = sanitiseFileName(`personal-data-${person.first_name}-${person.surname}-${generatedAt.slice(0, 10)}.zip`);
  try {
    await withTenant(db, companyId, async (trx) => {
      const file = await createFile(trx, {
        companyId,
        storageKey: key,
        originalName: safeName,
        mimeType: 'application/zip',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        isPublic: false,
        createdBy: input.requestedBy,
      });
      await finishExport(trx, { companyId, id, fileId: file.id, sizeBytes: stored.sizeBytes, days: EXPORT_LINK_DAYS });
      await recordAudit(trx, {
        ...BY_THE_SYSTEM,
        companyId,
        action: 'personal-data-export.built',
        targetType: 'user',
        targetId: userId,
        details: { exportId: id, sections: sections.length, files: files.length, sizeBytes: stored.sizeBytes },
      });
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}
