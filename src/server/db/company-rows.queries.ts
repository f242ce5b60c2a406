// What every company list asks of its table, whichever table it is: delete one of the company's
// rows by id, archive one (kept for what names it, hidden from new choices), and whether another
// of its rows already has a name. The table
// and column names come from code, never from input; the values are bound parameters.
import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from './database';
import type { Database } from './schema';

/** A table whose rows belong to a company and have an id. */
export type CompanyTable = { [T in keyof Database]: Database[T] extends { company_id: unknown; id: unknown } ? T : never }[keyof Database];

type LooseDb = Kysely<Record<string, Record<string, unknown>>>;
const loose = (db: DbOrTrx) => db as unknown as LooseDb;

/** Deletes the company's row `id`; false when the company has no such row. */
export async function deleteCompanyRow(db: DbOrTrx, input: { table: CompanyTable; companyId: string; id: string }): Promise<boolean> {
  const result = await loose(db)
    .deleteFrom(input.table)
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A company table whose rows are archived rather than deleted. */
export type ArchivableTable = {
  [T in CompanyTable]: Database[T] extends { archived_at: unknown } ? T : never;
}[CompanyTable];

/** Archives the company's row `id`; false when the company has no such row, or it is archived already. */
export async function archiveCompanyRow(db: DbOrTrx, input: { table: ArchivableTable; companyId: string; id: string }): Promise<boolean> {
  const result = await loose(db)
    .updateTable(input.table)
    .set({ archived_at: new Date() })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether another of the company's rows already has this value in `column` (its name unless said), ignoring case. */
export async function companyNameTaken(
  db: DbOrTrx,
  input: { table: CompanyTable; column?: string; companyId: string; value: string; exceptId?: string | undefined },
): Promise<boolean> {
  const row = await loose(db)
    .selectFrom(input.table)
    .select('id')
    .where('company_id', '=', input.companyId)
    .where(sql`lower(${sql.ref(input.column ?? 'name')})`, '=', input.value.toLowerCase())
    .$if(input.exceptId !== undefined, (q) => q.where('id', '<>', input.exceptId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}
