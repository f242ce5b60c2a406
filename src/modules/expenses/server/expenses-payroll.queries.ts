// The payroll side of expenses: per person, the approved claims not yet exported (the
// non-taxable reimbursement and the taxable mileage excess apart), and marking them exported.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import './expense-tables';

export type PayrollExpenseTotal = {
  userId: string;
  claimIds: string[];
  /** Reimbursed free of tax and NICs: approved amounts up to HMRC's rates. */
  nonTaxablePence: number;
  /** Mileage paid over HMRC's approved amounts: taxable pay through payroll. */
  taxablePence: number;
};

/**
 * Approved and partly approved claims of the company decided (Europe/London date) on or before
 * `to` and not yet exported; with `carryForward: false` only those decided from `from` on.
 */
export async function findPayrollExpenseTotals(
  db: DbOrTrx,
  input: { companyId: string; from: string; to: string; carryForward?: boolean },
): Promise<PayrollExpenseTotal[]> {
  let query = db
    .selectFrom('expense_claims as c')
    .select([
      'c.user_id',
      sql<string[]>`array_agg(c.id::text ORDER BY c.decided_at, c.id)`.as('claim_ids'),
      sql<number>`sum(c.approved_pence - c.taxable_pence)::bigint`.as('non_taxable'),
      sql<number>`sum(c.taxable_pence)::bigint`.as('taxable'),
    ])
    .where('c.company_id', '=', input.companyId)
    .where('c.status', 'in', ['approved', 'partly_approved'])
    .where('c.exported_at', 'is', null)
    .where(sql<boolean>`(c.decided_at AT TIME ZONE 'Europe/London')::date <= ${input.to}::date`);
  if (input.carryForward === false)
    query = query.where(sql<boolean>`(c.decided_at AT TIME ZONE 'Europe/London')::date >= ${input.from}::date`);
  const rows = await query.groupBy('c.user_id').orderBy('c.user_id').execute();
  return rows.map((row) => ({
    userId: row.user_id,
    claimIds: row.claim_ids,
    nonTaxablePence: Number(row.non_taxable),
    taxablePence: Number(row.taxable),
  }));
}

/** Marks the approved claims among `claimIds` exported; returns the ids and claimants it marked. */
export async function markClaimsExported(
  db: DbOrTrx,
  input: { companyId: string; claimIds: readonly string[]; reference: string },
): Promise<{ id: string; user_id: string; approved_pence: number | null; claim_type: string }[]> {
  if (input.claimIds.length === 0) return [];
  return db
    .updateTable('expense_claims')
    .set({ status: 'exported', exported_at: new Date(), export_reference: input.reference, updated_at: new Date() })
    .where('company_id', '=', input.companyId)
    .where('id', 'in', [...input.claimIds])
    .where('status', 'in', ['approved', 'partly_approved'])
    .returning(['id', 'user_id', 'approved_pence', 'claim_type'])
    .execute();
}

export type PayrollExpenseClaim = {
  id: string;
  user_id: string;
  claim_type: string;
  /** The London date the claim was decided. */
  decided_on: string;
  approved_pence: number;
  taxable_pence: number;
  /** What was approved of its receipt items; the rest of the approved amount is mileage. */
  receipts_pence: number;
};

/** Each approved claim not yet exported, decided (Europe/London date) between `since` and `to`. */
export function findPayrollExpenseClaims(
  db: DbOrTrx,
  input: { companyId: string; since: string; to: string },
): Promise<PayrollExpenseClaim[]> {
  return db
    .selectFrom('expense_claims as c')
    .select([
      'c.id',
      'c.user_id',
      'c.claim_type',
      sql<string>`to_char((c.decided_at AT TIME ZONE 'Europe/London')::date, 'YYYY-MM-DD')`.as('decided_on'),
      sql<number>`coalesce(c.approved_pence, 0)::int`.as('approved_pence'),
      sql<number>`coalesce(c.taxable_pence, 0)::int`.as('taxable_pence'),
      // A claim with no item rows (made outside the product) is all of its kind.
      sql<number>`coalesce(
        (SELECT sum(coalesce(i.approved_pence, i.gross_pence)) FROM expense_items i WHERE i.claim_id = c.id AND i.miles_tenths IS NULL),
        CASE WHEN c.claim_type = 'expense' THEN c.approved_pence ELSE 0 END, 0)::int`.as('receipts_pence'),
    ])
    .where('c.company_id', '=', input.companyId)
    .where('c.status', 'in', ['approved', 'partly_approved'])
    .where('c.exported_at', 'is', null)
    .where(sql<boolean>`(c.decided_at AT TIME ZONE 'Europe/London')::date BETWEEN ${input.since}::date AND ${input.to}::date`)
    .orderBy('c.user_id')
    .orderBy('c.decided_at')
    .execute();
}
