// The SQL of the privacy module's own tables: the company's choices and the exports. Every
// query names the company (the tenant scope keeps others out as well), except the job's claim
// of the next export, which runs in the system scope and takes the oldest queued one.
import { sql, type Generated, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ExportStatus } from '../privacy.contract';

export interface PrivacySettingsTable {
  company_id: string;
  self_export_allowed: Generated<boolean>;
  retention: Generated<Record<string, number>>;
  updated_at: Generated<Date>;
}

export interface PersonalDataExportTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  requested_by: string | null;
  status: Generated<ExportStatus>;
  progress: Generated<number>;
  total: Generated<number>;
  file_id: string | null;
  size_bytes: string | number | null;
  error: string | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date | null;
  downloaded_at: Date | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    privacy_settings: PrivacySettingsTable;
    personal_data_exports: PersonalDataExportTable;
  }
}

export type ExportRow = Selectable<PersonalDataExportTable> & { person_name: string; requested_by_name: string | null };

export async function findPrivacySettings(db: DbOrTrx, companyId: string) {
  return db.selectFrom('privacy_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function savePrivacySettings(
  db: DbOrTrx,
  input: { companyId: string; selfExportAllowed: boolean; retention: Record<string, number> },
) {
  await db
    .insertInto('privacy_settings')
    .values({
      company_id: input.companyId,
      self_export_allowed: input.selfExportAllowed,
      retention: JSON.stringify(input.retention) as never,
    })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        self_export_allowed: input.selfExportAllowed,
        retention: JSON.stringify(input.retention) as never,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

function exportsWithNames(db: DbOrTrx, companyId: string) {
  return db
    .selectFrom('personal_data_exports as e')
    .innerJoin('users as p', 'p.id', 'e.user_id')
    .leftJoin('users as r', 'r.id', 'e.requested_by')
    .selectAll('e')
    .select([
      sql<string>`concat_ws(' ', p.first_name, p.surname)`.as('person_name'),
      sql<string | null>`case when r.id is null then null else concat_ws(' ', r.first_name, r.surname) end`.as('requested_by_name'),
    ])
    .where('e.company_id', '=', companyId);
}

export async function listExports(db: DbOrTrx, input: { companyId: string; userId?: string }): Promise<ExportRow[]> {
  let query = exportsWithNames(db, input.companyId);
  if (input.userId) query = query.where('e.user_id', '=', input.userId);
  return query.orderBy('e.created_at', 'desc').limit(200).execute();
}

export async function getExport(db: DbOrTrx, input: { companyId: string; id: string }): Promise<ExportRow | undefined> {
  return exportsWithNames(db, input.companyId).where('e.id', '=', input.id).executeTakeFirst();
}

export async function insertExport(db: DbOrTrx, input: { companyId: string; userId: string; requestedBy: string }): Promise<string> {
  const row = await db
    .insertInto('personal_data_exports')
    .values({ company_id: input.companyId, user_id: input.userId, requested_by: input.requestedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The oldest export waiting (or left building by a server that stopped), claimed for this run. */
export async function claimNextExport(db: DbOrTrx) {
  return db
    .updateTable('personal_data_exports')
    .set({ status: 'building', started_at: sql<Date>`now()`, progress: 0 })
    .where(
      'id',
      '=',
      db
        .selectFrom('personal_data_exports')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'building'), eb('started_at', '<', sql<Date>`now() - interval '30 minutes'`)]),
          ]),
        )
        .orderBy('created_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'company_id', 'user_id', 'requested_by'])
    .executeTakeFirst();
}

export async function setExportProgress(db: DbOrTrx, input: { companyId: string; id: string; progress: number; total: number }) {
  await db
    .updateTable('personal_data_exports')
    .set({ progress: input.progress, total: input.total })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function finishExport(db: DbOrTrx, input: { companyId: string; id: string; fileId: string; sizeBytes: number; days: number }) {
  await db
    .updateTable('personal_data_exports')
    .set({
      status: 'ready',
      file_id: input.fileId,
      size_bytes: input.sizeBytes,
      progress: sql<number>`total`,
      finished_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(days => ${input.days})`,
    })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function failExport(db: DbOrTrx, input: { companyId: string; id: string; error: string }) {
  await db
    .updateTable('personal_data_exports')
    .set({ status: 'failed', error: input.error, finished_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function markDownloaded(db: DbOrTrx, input: { companyId: string; id: string }) {
  await db
    .updateTable('personal_data_exports')
    .set({ downloaded_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

/** Ready exports past their link's expiry, across companies (the nightly sweep). */
export async function findExpiredExports(db: DbOrTrx, now: Date) {
  return db
    .selectFrom('personal_data_exports as e')
    .leftJoin('files as f', 'f.id', 'e.file_id')
    .select(['e.id', 'e.company_id', 'e.file_id', 'f.storage_key'])
    .where('e.status', '=', 'ready')
    .where('e.expires_at', '<', now)
    .execute();
}

export async function expireExport(db: DbOrTrx, input: { companyId: string; id: string; fileId: string | null }) {
  await db
    .updateTable('personal_data_exports')
    .set({ status: 'expired', file_id: null })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
  if (input.fileId) await db.deleteFrom('files').where('company_id', '=', input.companyId).where('id', '=', input.fileId).execute();
}

/** A person of the company, with what the export's summary names them by. */
export async function findPerson(db: DbOrTrx, input: { companyId: string; userId: string }) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'first_name', 'surname', 'email', 'status', 'termination_date'])
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.userId)
    .executeTakeFirst();
}

export async function companyName(db: DbOrTrx, companyId: string): Promise<string> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? '';
}
