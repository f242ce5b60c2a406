// The SQL of a company's expense types (ordered by name) and its own mileage rates.
import { sql } from 'kysely';
import { archiveCompanyRow } from '../../../server/db/company-rows.queries';
import type { DbOrTrx } from '../../../server/db/database';
import './expense-tables';

export type ExpenseTypeRow = { id: string; name: string; limit_pence: number | null; receipt_required: boolean; archived_at: Date | null };

export async function listExpenseTypes(
  db: DbOrTrx,
  input: { companyId: string; includeArchived?: boolean; ids?: string[] },
): Promise<ExpenseTypeRow[]> {
  let query = db
    .selectFrom('expense_types')
    .select(['id', 'name', 'limit_pence', 'receipt_required', 'archived_at'])
    .where('company_id', '=', input.companyId);
  if (!input.includeArchived) query = query.where('archived_at', 'is', null);
  if (input.ids) {
    if (input.ids.length === 0) return [];
    query = query.where('id', 'in', input.ids);
  }
  return query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function insertExpenseType(
  db: DbOrTrx,
  input: { companyId: string; name: string; limitPence: number | null; receiptRequired: boolean },
): Promise<ExpenseTypeRow> {
  return db
    .insertInto('expense_types')
    .values({ company_id: input.companyId, name: input.name, limit_pence: input.limitPence, receipt_required: input.receiptRequired })
    .returning(['id', 'name', 'limit_pence', 'receipt_required', 'archived_at'])
    .executeTakeFirstOrThrow();
}

export async function updateExpenseType(
  db: DbOrTrx,
  input: { companyId: string; id: string; name: string; limitPence: number | null; receiptRequired: boolean },
): Promise<ExpenseTypeRow | undefined> {
  return db
    .updateTable('expense_types')
    .set({ name: input.name, limit_pence: input.limitPence, receipt_required: input.receiptRequired })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .returning(['id', 'name', 'limit_pence', 'receipt_required', 'archived_at'])
    .executeTakeFirst();
}

/** Archived, not deleted: claims keep naming it. */
export async function archiveExpenseType(db: DbOrTrx, input: { companyId: string; id: string }): Promise<boolean> {
  return archiveCompanyRow(db, { table: 'expense_types', ...input });
}

export type MileageRateRow = { car_rate_pence: number | null; motorcycle_rate_pence: number | null; bicycle_rate_pence: number | null };

export async function findExpenseSettings(db: DbOrTrx, companyId: string): Promise<MileageRateRow> {
  const row = await db
    .selectFrom('expense_settings')
    .select(['car_rate_pence', 'motorcycle_rate_pence', 'bicycle_rate_pence'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ?? { car_rate_pence: null, motorcycle_rate_pence: null, bicycle_rate_pence: null };
}

export async function saveExpenseSettings(db: DbOrTrx, input: { companyId: string } & MileageRateRow): Promise<void> {
  const { companyId, ...rates } = input;
  await db
    .insertInto('expense_settings')
    .values({ company_id: companyId, ...rates })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ ...rates, updated_at: new Date() }))
    .execute();
}
