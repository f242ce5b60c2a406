// What the payroll period takes from expenses: per person, approved claims not yet exported,
// with the non-taxable reimbursement and the taxable mileage excess apart; and, once the period
// is exported, those claims marked exported (locked: a later correction goes into the next
// period). Both run in the caller's tenant transaction so the period and the claims commit together.
import type { Trx } from '../../../server/db/database';
import type { PayrollContributor, PayrollElement } from '../../../server/module-hooks';
import { pounds } from '../expenses.contract';
import { publishClaimChange, tellClaimant } from './claim-notify';
import { insertEvent } from './claims.queries';
import { summaryOf } from './claims.service';
import {
  findPayrollExpenseClaims,
  findPayrollExpenseTotals,
  markClaimsExported,
  type PayrollExpenseTotal,
} from './expenses-payroll.queries';

export type { PayrollExpenseTotal };

/** Approved, not yet exported expense totals per person for a pay period ending `to`. */
export function expensesForPayroll(
  trx: Trx,
  input: { companyId: string; from: string; to: string; carryForward?: boolean },
): Promise<PayrollExpenseTotal[]> {
  return findPayrollExpenseTotals(trx, input);
}

/**
 * Marks the claims exported under `reference` (e.g. "Pay period 01/05/2026–31/05/2026"), records
 * it in each claim's history, tells each claimant and the company's screens. Returns how many
 * were marked (a claim no longer approved, or already exported, is left alone).
 */
export async function markExpensesExported(
  trx: Trx,
  input: { companyId: string; claimIds: readonly string[]; reference: string; actorId: string | null },
): Promise<number> {
  const marked = await markClaimsExported(trx, input);
  for (const claim of marked) {
    await insertEvent(trx, {
      companyId: input.companyId,
      claimId: claim.id,
      actorId: input.actorId,
      action: 'exported',
      note: input.reference,
    });
    await tellClaimant(
      trx,
      { companyId: input.companyId, claimId: claim.id, userId: claim.user_id, personName: '', summary: '' },
      {
        actorId: input.actorId ?? '',
        text: `Your ${summaryOf({ claim_type: claim.claim_type, total_pence: claim.approved_pence ?? 0 }).replace(/^an? /, '')} goes to payroll: ${input.reference}.`,
      },
    );
  }
  if (marked.length > 0) await publishClaimChange(trx, input.companyId);
  return marked.length;
}

const PREFIX = 'expense:';

/**
 * Expenses in the pay period's payroll data: per approved claim, its receipt items reimbursed
 * and its mileage reimbursed up to HMRC's rates (each EXPENSES, not taxed; a claim holding both
 * gives both) and any mileage paid over HMRC's rates (MILEAGE_TAX, taxable), dated the day the
 * claim was decided. Exporting the period marks the claims exported, which locks them.
 */
export const expensesPayroll: PayrollContributor = {
  source: 'expenses',
  async elements(trx, window) {
    const claims = await findPayrollExpenseClaims(trx, { companyId: window.companyId, since: window.since, to: window.to });
    return claims.flatMap((claim): PayrollElement[] => {
      const receipts = claim.receipts_pence;
      const mileage = claim.approved_pence - claim.taxable_pence - receipts;
      const base = { userId: claim.user_id, source: 'expenses', date: claim.decided_on, code: 'EXPENSES', taxable: false };
      return [
        ...(receipts > 0 ? [{ ...base, key: `${PREFIX}${claim.id}`, label: 'Expenses reimbursed', amount: pounds(receipts) }] : []),
        // A mileage-only claim keeps the key it always had; beside receipt items, its own.
        ...(mileage > 0
          ? [
              {
                ...base,
                key: `${PREFIX}${claim.id}${receipts > 0 ? ':mileage' : ''}`,
                label: 'Mileage reimbursed',
                amount: pounds(mileage),
              },
            ]
          : []),
        ...(claim.taxable_pence > 0
          ? [
              {
                ...base,
                key: `${PREFIX}${claim.id}:taxable`,
                code: 'MILEAGE_TAX',
                label: 'Mileage paid over HMRC rates (taxable)',
                amount: pounds(claim.taxable_pence),
                taxable: true,
              },
            ]
          : []),
      ];
    });
  },
  async markExported(trx, input) {
    const claimIds = [
      ...new Set(
        input.keys.filter((key) => key.startsWith(PREFIX)).map((key) => key.slice(PREFIX.length).replace(/:(taxable|mileage)$/, '')),
      ),
    ];
    await markExpensesExported(trx, { companyId: input.companyId, claimIds, reference: 'Payroll export', actorId: null });
  },
};
