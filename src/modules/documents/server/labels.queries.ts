// The SQL of document folders and tags (the settings tab and the areas' filters).
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import { isUniqueViolation } from '../../../server/db/pg-errors';
import { AppError } from '../../../shared/app-error';
import './documents-tables';

const taken = (error: unknown, message: string): never => {
  if (isUniqueViolation(error)) throw AppError.validation({ name: [message] });
  throw error;
};

export async function createTag(trx: Trx, input: { companyId: string; name: string }) {
  return trx
    .insertInto('document_tags')
    .values({ company_id: input.companyId, name: input.name })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => taken(error, 'A tag of this name exists already.'));
}

export async function renameTag(trx: Trx, input: { companyId: string; id: string; name: string }) {
  return trx
    .updateTable('document_tags')
    .set({ name: input.name })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .returning(['id', 'name'])
    .executeTakeFirst()
    .catch((error: unknown) => taken(error, 'A tag of this name exists already.'));
}

export async function createFolder(trx: Trx, input: { companyId: string; name: string; area: 'hr' | 'hs' }) {
  return trx
    .insertInto('document_folders')
    .values({ company_id: input.companyId, name: input.name, area: input.area })
    .returning(['id', 'name', 'area'])
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => taken(error, 'A folder of this name exists already.'));
}

export async function renameFolder(trx: Trx, input: { companyId: string; id: string; name: string }) {
  return trx
    .updateTable('document_folders')
    .set({ name: input.name })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .returning(['id', 'name', 'area'])
    .executeTakeFirst()
    .catch((error: unknown) => taken(error, 'A folder of this name exists already.'));
}

/** Which of these ids are the company's: folders of an area, departments, locations, people. */
export async function countOwned(
  trx: Trx,
  input: { companyId: string; table: 'document_folders' | 'departments' | 'company_locations' | 'users'; ids: readonly string[] },
) {
  if (input.ids.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(input.table)}
    where company_id = ${input.companyId} and id = any(${`{${[...new Set(input.ids)].join(',')}}`}::uuid[])`.execute(trx);
  return rows[0]?.n ?? 0;
}
