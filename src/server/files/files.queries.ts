// The only SQL of the files platform. A file with a company is a tenant row; a file without
// one (administrators', global) is visible only in the system scope (withSystem), because
// the tenant policy never matches a null company.
import type { Generated, Selectable } from 'kysely';
import type { DbOrTrx } from '../db/database';
import { isUuid } from '../../shared/ids';

export interface FileTable {
  id: Generated<string>;
  company_id: string | null;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  is_public: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
}

declare module '../db/schema' {
  interface Database {
    files: FileTable;
  }
}

export type FileRecord = Selectable<FileTable>;

export async function createFile(
  db: DbOrTrx,
  input: {
    companyId: string | null;
    storageKey: string;
    originalName: string;
    mimeType: string;
    sizeBytes: number;
    sha256: string;
    isPublic: boolean;
    createdBy: string | null;
  },
): Promise<FileRecord> {
  return db
    .insertInto('files')
    .values({
      company_id: input.companyId,
      storage_key: input.storageKey,
      original_name: input.originalName,
      mime_type: input.mimeType,
      size_bytes: input.sizeBytes,
      sha256: input.sha256,
      is_public: input.isPublic,
      created_by: input.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One file of a company, or (companyId null, system scope only) one global file. */
export async function getFile(db: DbOrTrx, input: { companyId: string | null; id: string }): Promise<FileRecord | undefined> {
  if (!isUuid(input.id)) return undefined;
  let query = db.selectFrom('files').selectAll().where('id', '=', input.id);
  query = input.companyId === null ? query.where('company_id', 'is', null) : query.where('company_id', '=', input.companyId);
  return query.executeTakeFirst();
}

/** Which of these storage keys have a row: an object without one is garbage to delete. */
export async function findStoredKeys(db: DbOrTrx, input: { companyId: string | null; keys: string[] }): Promise<Set<string>> {
  if (input.keys.length === 0) return new Set();
  let query = db.selectFrom('files').select('storage_key').where('storage_key', 'in', input.keys);
  query = input.companyId === null ? query.where('company_id', 'is', null) : query.where('company_id', '=', input.companyId);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.storage_key));
}

/** Removes file rows nothing needs any more; their storage keys, for the bytes to go after commit. */
export async function deleteFiles(db: DbOrTrx, input: { companyId: string; ids: string[] }): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const rows = await db
    .deleteFrom('files')
    .where('company_id', '=', input.companyId)
    .where('id', 'in', input.ids)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}
