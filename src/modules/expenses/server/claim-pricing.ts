// Turns a claim's items as sent into rows: pounds to pence, mileage priced from HMRC's rates
// (with the person's earlier car miles of each tax year and the company's own rates), and the
// claim's totals. Unknown expense types are field errors.
import type { Trx } from '../../../server/db/database';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import { expenseMessages, toPence, type ClaimInput } from '../expenses.contract';
import { describeMileage, milesToTenths, priceMileageItems, taxYearStart } from '../mileage-rules';
import { findPriorCarTenths, type ClaimTotals, type NewItem } from './claims.queries';
import { findExpenseSettings, listExpenseTypes } from './expense-types.queries';

export async function priceItems(
  trx: Trx,
  input: { companyId: string; userId: string; claimId: string; claim: ClaimInput },
): Promise<{ items: NewItem[]; totals: ClaimTotals }> {
  const { companyId, claim } = input;
  let items: NewItem[];
  if (claim.claim_type === 'expense') {
    const ids = [...new Set(claim.items.map((item) => item.expense_type_id))];
    const known = new Set((await listExpenseTypes(trx, { companyId, includeArchived: true, ids })).map((type) => type.id));
    const errors: FieldErrors = {};
    claim.items.forEach((item, index) => {
      if (!known.has(item.expense_type_id)) errors[`items.${index}.expense_type_id`] = [expenseMessages.unknownType];
    });
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    items = claim.items.map((item, position) => ({
      id: item.id,
      position,
      date: item.date,
      expense_type_id: item.expense_type_id,
      description: item.description,
      supplier: item.supplier,
      vat_receipt_held: item.vat_receipt_held,
      gross_pence: toPence(item.gross),
      vat_pence: toPence(item.vat),
      taxable_pence: 0,
      hmrc_pence: null,
      miles_tenths: null,
      vehicle: null,
      passengers: 0,
      from_place: '',
      to_place: '',
      purpose: '',
      calculation: null,
    }));
  } else {
    const yearStarts = [...new Set(claim.items.map((item) => taxYearStart(item.date)))];
    const prior = await findPriorCarTenths(trx, { companyId, userId: input.userId, excludeClaimId: input.claimId, yearStarts });
    const rates = await findExpenseSettings(trx, companyId);
    const priced = priceMileageItems(
      claim.items.map((item) => ({ ...item, tenths: milesToTenths(item.miles) })),
      {
        priorCarTenthsByTaxYear: prior,
        companyRates: { car: rates.car_rate_pence, motorcycle: rates.motorcycle_rate_pence, bicycle: rates.bicycle_rate_pence },
      },
    );
    items = priced.map((item, position) => ({
      id: item.id,
      position,
      date: item.date,
      expense_type_id: null,
      description: `${item.from} to ${item.to}`,
      supplier: '',
      vat_receipt_held: false,
      gross_pence: item.result.paidPence,
      vat_pence: 0,
      taxable_pence: item.result.taxablePence,
      hmrc_pence: item.result.approvedPence,
      miles_tenths: item.tenths,
      vehicle: item.vehicle,
      passengers: item.passengers,
      from_place: item.from,
      to_place: item.to,
      purpose: item.purpose,
      calculation: describeMileage(item.result, item.passengers),
    }));
  }
  const dates = items.map((item) => item.date).sort();
  return {
    items,
    totals: {
      total_pence: items.reduce((sum, item) => sum + item.gross_pence, 0),
      taxable_pence: items.reduce((sum, item) => sum + item.taxable_pence, 0),
      first_date: dates[0] ?? null,
      last_date: dates[dates.length - 1] ?? null,
    },
  };
}
