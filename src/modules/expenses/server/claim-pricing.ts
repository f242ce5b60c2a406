// Turns a claim's lines as sent into item rows: receipt items first, then mileage journeys
// (priced from HMRC's rates with the person's earlier car miles of each tax year and the
// company's own rates, journey by journey), and the claim's kind and totals. Unknown expense
// types are field errors naming the line.
import type { Trx } from '../../../server/db/database';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import { claimLineName, expenseMessages, toPence, type ClaimInput, type ClaimKind } from '../expenses.contract';
import { describeMileage, milesToTenths, priceMileageItems, taxYearStart } from '../mileage-rules';
import { findPriorCarTenths, type ClaimTotals, type NewItem } from './claims.queries';
import { findExpenseSettings, listExpenseTypes } from './expense-types.queries';

/** A 422 whose message names the first line at fault ("Journey 2: …"); the fields keep their paths. */
export function lineErrors(errors: FieldErrors): AppError {
  const [field, messages] = Object.entries(errors)[0] ?? ['', []];
  const line = claimLineName(field);
  const first = messages[0];
  return AppError.validation(errors, first ? (line ? `${line}: ${first}` : first) : undefined);
}

async function receiptItems(trx: Trx, companyId: string, claim: ClaimInput): Promise<Omit<NewItem, 'position'>[]> {
  if (claim.items.length === 0) return [];
  const ids = [...new Set(claim.items.map((item) => item.expense_type_id))];
  const known = new Set((await listExpenseTypes(trx, { companyId, includeArchived: true, ids })).map((type) => type.id));
  const errors: FieldErrors = {};
  claim.items.forEach((item, index) => {
    if (!known.has(item.expense_type_id)) errors[`items.${index}.expense_type_id`] = [expenseMessages.unknownType];
  });
  if (Object.keys(errors).length > 0) throw lineErrors(errors);
  return claim.items.map((item) => ({
    id: item.id,
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
}

async function journeyItems(
  trx: Trx,
  input: { companyId: string; userId: string; claimId: string; claim: ClaimInput },
): Promise<Omit<NewItem, 'position'>[]> {
  const { companyId, claim } = input;
  if (claim.journeys.length === 0) return [];
  const yearStarts = [...new Set(claim.journeys.map((journey) => taxYearStart(journey.date)))];
  const prior = await findPriorCarTenths(trx, { companyId, userId: input.userId, excludeClaimId: input.claimId, yearStarts });
  const rates = await findExpenseSettings(trx, companyId);
  const priced = priceMileageItems(
    claim.journeys.map((journey) => ({ ...journey, tenths: milesToTenths(journey.miles) })),
    {
      priorCarTenthsByTaxYear: prior,
      companyRates: { car: rates.car_rate_pence, motorcycle: rates.motorcycle_rate_pence, bicycle: rates.bicycle_rate_pence },
    },
  );
  return priced.map((journey) => ({
    id: journey.id,
    date: journey.date,
    expense_type_id: null,
    description: `${journey.from} to ${journey.to}`,
    supplier: '',
    vat_receipt_held: false,
    gross_pence: journey.result.paidPence,
    vat_pence: 0,
    taxable_pence: journey.result.taxablePence,
    hmrc_pence: journey.result.approvedPence,
    miles_tenths: journey.tenths,
    vehicle: journey.vehicle,
    passengers: journey.passengers,
    from_place: journey.from,
    to_place: journey.to,
    purpose: journey.purpose,
    calculation: describeMileage(journey.result, journey.passengers),
  }));
}

export const claimKindOf = (lines: { receipts: number; journeys: number }): ClaimKind =>
  lines.receipts > 0 && lines.journeys > 0 ? 'mixed' : lines.journeys > 0 ? 'mileage' : 'expense';

export async function priceItems(
  trx: Trx,
  input: { companyId: string; userId: string; claimId: string; claim: ClaimInput },
): Promise<{ items: NewItem[]; totals: ClaimTotals }> {
  const receipts = await receiptItems(trx, input.companyId, input.claim);
  const journeys = await journeyItems(trx, input);
  const items = [...receipts, ...journeys].map((item, position) => ({ ...item, position }));
  const dates = items.map((item) => item.date).sort();
  return {
    items,
    totals: {
      claim_type: claimKindOf({ receipts: receipts.length, journeys: journeys.length }),
      total_pence: items.reduce((sum, item) => sum + item.gross_pence, 0),
      taxable_pence: items.reduce((sum, item) => sum + item.taxable_pence, 0),
      first_date: dates[0] ?? null,
      last_date: dates[dates.length - 1] ?? null,
    },
  };
}
