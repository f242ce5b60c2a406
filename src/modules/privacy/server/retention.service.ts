// Retention: each kind of record is kept for the company's chosen months (the UK default
// unless it chose otherwise, within the kind's limits), counted from the record's date, the
// end of its tax year, or the day the person left. The nightly run removes what is past its
// date — deleting it, or anonymising it where counts must stay (a leaver's account, the
// accident book) — and writes one audit entry per company; the preview counts the same rows.
import type { Logger } from 'pino';
import { BY_THE_SYSTEM, recordAudit } from '../../../server/audit/audit.queries';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import type { FileStorage } from '../../../server/files/storage';
import { collectPersonalData } from '../../../server/personal-data';
import type { ServerModule } from '../../../server/server-module';
import { londonDate } from '../../../shared/dates';
import { RECORD_KINDS, RECORD_KIND_KEYS, type RecordKindKey } from '../../../shared/record-kinds';
import type { RetentionPreviewRow, RetentionRow } from '../privacy.contract';
import { tableColumns } from './personal-rows.queries';
import { expireExport, findExpiredExports, findPrivacySettings } from './privacy.queries';
import { deleteFiles } from '../../../server/files/files.queries';
import { companyIds, countPastDate, endSessionsOfAnonymised, removePastDate, type RetentionTarget } from './retention.queries';

/** The company's schedule: every kind with the months it keeps (its choice, else the default). */
export function retentionSchedule(chosen: Readonly<Record<string, number>> | undefined): RetentionRow[] {
  return RECORD_KIND_KEYS.map((kind) => {
    const rule = RECORD_KINDS[kind];
    const months = chosen?.[kind];
    const valid = typeof months === 'number' && months >= rule.minMonths && months <= rule.maxMonths;
    return { kind, ...rule, months: valid ? months : rule.defaultMonths };
  });
}

async function targets(trx: Trx, modules: readonly ServerModule[], companyId: string, now: Date): Promise<RetentionTarget[]> {
  const schedule = new Map(retentionSchedule((await findPrivacySettings(trx, companyId))?.retention).map((row) => [row.kind, row]));
  const columns = await tableColumns(trx);
  return collectPersonalData(modules)
    .filter((table) => table.erase !== 'keep' && table.subject?.length && columns.get(table.table)?.has('company_id'))
    .map((table) => {
      const rule = schedule.get(table.kind as RecordKindKey)!;
      return { table, basis: rule.basis, months: rule.months, today: londonDate(now) };
    });
}

const actionOf = (target: RetentionTarget): 'delete' | 'anonymise' => (target.table.erase === 'delete' ? 'delete' : 'anonymise');

export async function retentionPreview(
  db: Db,
  input: { modules: readonly ServerModule[]; companyId: string; now: Date },
): Promise<RetentionPreviewRow[]> {
  return withTenant(db, input.companyId, async (trx) => {
    const rows: RetentionPreviewRow[] = [];
    for (const target of await targets(trx, input.modules, input.companyId, input.now)) {
      const count = await countPastDate(trx, target, input.companyId);
      if (count > 0) {
        const { module, table, label, kind } = target.table;
        rows.push({ module, table, label, kind, action: actionOf(target), rows: count });
      }
    }
    return rows;
  });
}

/** Rows removed or anonymised per table, tables that could not be, and stored files deleted with their rows. */
export type RetentionRunResult = { removed: Record<string, number>; failed: Record<string, string>; files: number };

/** One company's run: each table in its own transaction, so a row another record still needs fails alone. */
export async function runRetention(
  db: Db,
  input: { modules: readonly ServerModule[]; companyId: string; now: Date; logger?: Logger; storage?: FileStorage },
): Promise<RetentionRunResult> {
  const { companyId } = input;
  const list = await withTenant(db, companyId, (trx) => targets(trx, input.modules, companyId, input.now));
  const result: RetentionRunResult = { removed: {}, failed: {}, files: 0 };
  for (const target of list) {
    try {
      const { count, keys } = await withTenant(db, companyId, async (trx) => {
        const removed = await removePastDate(trx, target, companyId);
        return { count: removed.count, keys: await deleteFiles(trx, { companyId, ids: removed.fileIds }) };
      });
      if (count > 0) result.removed[target.table.table] = count;
      result.files += keys.length;
      for (const key of keys) await input.storage?.delete(key);
    } catch (error) {
      input.logger?.warn({ err: error, table: target.table.table }, 'Retention: rows could not be removed');
      const code = (error as { code?: string }).code;
      result.failed[target.table.table] =
        code === '23503' ? 'Still referenced by another record; kept until that record goes.' : 'Could not be removed; kept.';
    }
  }
  await withTenant(db, companyId, async (trx) => {
    if (result.removed.users) await endSessionsOfAnonymised(trx, companyId);
    await recordAudit(trx, {
      ...BY_THE_SYSTEM,
      companyId,
      action: 'retention.run',
      targetType: 'company',
      targetId: companyId,
      details: { ...result, asOf: londonDate(input.now) },
    });
  });
  return result;
}

/** The nightly job: expired export links lose their zip, then every company's retention runs. */
export async function runNightlyRetention(input: {
  db: Db;
  modules: readonly ServerModule[];
  storage: FileStorage;
  now: Date;
  logger?: Logger;
}) {
  const { db } = input;
  for (const expired of await withSystem(db, (trx) => findExpiredExports(trx, input.now))) {
    await withTenant(db, expired.company_id, (trx) =>
      expireExport(trx, { companyId: expired.company_id, id: expired.id, fileId: expired.file_id }),
    );
    if (expired.storage_key) await input.storage.delete(expired.storage_key);
  }
  for (const companyId of await withSystem(db, (trx) => companyIds(trx))) {
    await runRetention(db, { ...input, companyId });
  }
}
