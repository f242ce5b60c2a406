// Rows to what the API returns: pence to pounds, each item with its receipts and warnings,
// and what the caller may do with the claim now.
import type { Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import {
  EDITABLE_STATUSES,
  APPROVED_STATUSES,
  expensePaths,
  pounds,
  type ExpenseClaim,
  type ExpenseClaimDetail,
  type ExpenseItem,
} from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { mileageAllowanceRelief, taxYearLabel, taxYearStart } from '../mileage-rules';
import { managesCompanyExpenses } from './claim-access';
import { findDecidedMileage, findEvents, findItems, type ItemRow } from './claims.queries';
import { findReceipts, type ClaimViewRow } from './claims-read.queries';
import { listExpenseTypes, type ExpenseTypeRow } from './expense-types.queries';

export function toClaim(row: ClaimViewRow, session: Session): ExpenseClaim {
  return {
    id: row.id,
    claim_type: row.claim_type,
    description: row.description,
    status: row.status,
    user: { id: row.user_id, first_name: row.first_name, surname: row.surname, department_name: row.department_name },
    item_count: row.item_count,
    receipt_count: row.receipt_count,
    total: pounds(row.total_pence),
    items_total: pounds(row.total_pence - row.mileage_pence),
    mileage_total: pounds(row.mileage_pence),
    approved_total: row.approved_pence === null ? null : pounds(row.approved_pence),
    taxable_total: pounds(row.taxable_pence),
    first_date: row.first_date,
    last_date: row.last_date,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    decided_at: row.decided_at?.toISOString() ?? null,
    decided_by_name: row.decided_by_name,
    reject_reason: row.reject_reason,
    paid_on: row.paid_on,
    exported_at: row.exported_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    can_approve: row.approvable,
    can_edit: row.user_id === session.userId && EDITABLE_STATUSES.includes(row.status),
  };
}

function toItem(row: ItemRow, type: ExpenseTypeRow | undefined, receipts: ExpenseItem['receipts']): ExpenseItem {
  const limit = type?.limit_pence ?? null;
  return {
    id: row.id,
    date: row.date,
    description: row.description,
    amount: pounds(row.gross_pence),
    vat: pounds(row.vat_pence),
    supplier: row.supplier,
    vat_receipt_held: row.vat_receipt_held,
    expense_type: type ? { id: type.id, name: type.name } : null,
    approved_amount: row.approved_pence === null ? null : pounds(row.approved_pence),
    hmrc_amount: row.hmrc_pence === null ? null : pounds(row.hmrc_pence),
    taxable_amount: pounds(row.taxable_pence),
    miles: row.miles_tenths === null ? null : row.miles_tenths / 10,
    vehicle: row.vehicle,
    passengers: row.passengers,
    from: row.from_place,
    to: row.to_place,
    purpose: row.purpose,
    calculation: row.calculation,
    tax_year: row.vehicle ? taxYearLabel(row.date) : null,
    over_limit: limit !== null && row.gross_pence > limit,
    receipt_required: row.vehicle === null && (type?.receipt_required ?? false),
    receipts,
  };
}

/** Warnings an approver reads before deciding: over a type's limit, a receipt missing. */
function warningsOf(items: ExpenseItem[], types: Map<string, ExpenseTypeRow>): string[] {
  const warnings: string[] = [];
  for (const item of items) {
    const type = item.expense_type ? types.get(item.expense_type.id) : undefined;
    if (item.over_limit && type?.limit_pence) {
      warnings.push(
        `${item.description}: ${formatPounds(item.amount)} is over the ${formatPounds(pounds(type.limit_pence))} limit for ${type.name}.`,
      );
    }
    if (item.receipt_required && item.receipts.length === 0) warnings.push(`${item.description}: no receipt attached.`);
  }
  return warnings;
}

export async function toClaimDetail(
  trx: Trx,
  input: { session: Session; companyId: string; row: ClaimViewRow },
): Promise<ExpenseClaimDetail> {
  const { session, companyId, row } = input;
  const [items, receipts, events, types] = [
    await findItems(trx, { companyId, claimId: row.id }),
    await findReceipts(trx, { companyId, claimId: row.id }),
    await findEvents(trx, { companyId, claimId: row.id }),
    await listExpenseTypes(trx, { companyId, includeArchived: true }),
  ];
  const typesById = new Map(types.map((type) => [type.id, type]));
  const shown = items.map((item) =>
    toItem(
      item,
      item.expense_type_id ? typesById.get(item.expense_type_id) : undefined,
      receipts
        .filter((receipt) => receipt.item_id === item.id)
        .map((receipt) => ({
          id: receipt.id,
          item_id: receipt.item_id,
          name: receipt.original_name,
          mime_type: receipt.mime_type,
          size_bytes: receipt.size_bytes,
          download_path: expensePaths.receipt(row.id, receipt.id),
        })),
    ),
  );
  // The claimant's Mileage Allowance Relief for the tax years of this claim's journeys.
  const yearStarts = [...new Set(items.filter((item) => item.hmrc_pence !== null).map((item) => taxYearStart(item.date)))];
  const relief =
    row.user_id === session.userId
      ? mileageAllowanceRelief(await findDecidedMileage(trx, { companyId, userId: row.user_id, yearStarts }))
      : [];
  return {
    ...toClaim(row, session),
    items: shown,
    mileage_relief:
      row.user_id === session.userId
        ? yearStarts.sort().map((start) => {
            const year = relief.find((each) => each.taxYear === taxYearLabel(start));
            return {
              tax_year: taxYearLabel(start),
              approved: (year?.approvedPence ?? 0) / 100,
              paid: (year?.paidPence ?? 0) / 100,
              relief: (year?.reliefPence ?? 0) / 100,
            };
          })
        : [],
    events: events.map((event) => ({
      id: event.id,
      action: event.action,
      note: event.note,
      actor_name: event.actor_name,
      created_at: event.created_at.toISOString(),
    })),
    warnings: warningsOf(shown, typesById),
    can_pay: APPROVED_STATUSES.includes(row.status) && managesCompanyExpenses(session) && row.user_id !== session.userId,
  };
}
