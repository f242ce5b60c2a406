// Expenses: claims of receipt items and business mileage journeys, in any mix, their receipts, the steps
// (submit, approve in full or in part, reject, pay, export to payroll), the company's expense
// types and mileage rates, and the lists and exports. Money crosses the API in pounds (two
// decimal places) and is kept in pence; miles in tenths.
import * as v from 'valibot';
import { PENDING_COUNT_RESOURCE } from '../../shared/pending-count.contract';
import { dateParam, flag, listOf, requiredDate, uuidParam } from '../leave/leave.contract';
import { fieldMessages, multilineTextField, requiredTextField, searchField, textField } from '../../shared/validators';
import { CLAIM_STATUSES, CLAIM_TYPES, CLAIM_VIEWS, type ClaimStatus, type ClaimType } from './claim-values';
import { VEHICLES, type Vehicle } from './mileage-rules';

export { CLAIM_STATUSES, CLAIM_TYPES, CLAIM_VIEWS, type ClaimStatus, type ClaimType, type ClaimView } from './claim-values';

export { VEHICLES, type Vehicle };

export const EXPENSE_RESOURCES = {
  claim: 'user-expense',
  type: 'expense-type',
  settings: 'expense-settings',
} as const;

/** Claims: reading and writing them in scope; company scope pays and exports them. */
export const EXPENSE_ENDPOINT = '/api/user-expense';
/** The company's expense types and mileage rates: changed by owners and HR admins (read by everyone). */
export const EXPENSE_TYPE_ENDPOINT = '/api/expense-type';

/** Claims an approver has decided in favour of: what payroll or a payment settles. */
export const APPROVED_STATUSES: readonly ClaimStatus[] = ['approved', 'partly_approved'];
/** The claimant may still change these. */
export const EDITABLE_STATUSES: readonly ClaimStatus[] = ['draft', 'submitted', 'rejected'];

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  partly_approved: 'Partly approved',
  rejected: 'Rejected',
  paid: 'Paid',
  exported: 'Exported to payroll',
};
export const VEHICLE_LABELS: Record<Vehicle, string> = { car: 'Car or van', motorcycle: 'Motorcycle', bicycle: 'Bicycle' };
export const CLAIM_ACTIONS = ['submit', 'approve', 'reject', 'pay'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export const expenseMessages = {
  amount: 'Please enter an amount in pounds and pence, such as 12.50.',
  vatOverGross: 'VAT cannot be more than the gross amount.',
  miles: 'Please enter the miles, up to one decimal place.',
  itemsRequired: 'Please add at least one item or journey.',
  tooManyItems: 'A claim can have at most 50 items and journeys together.',
  unknownType: 'Please choose an expense type.',
  rejectReason: 'Please give the reason for rejecting the claim.',
  cannotApproveOwn: 'You cannot approve your own claim.',
  notSubmitted: 'This claim is not waiting for approval.',
  locked: 'This claim is approved or exported and can no longer be changed.',
  notApproved: 'Only an approved claim can be marked as paid.',
  receiptRequired: (type: string) => `A receipt is required for ${type}.`,
  approvedOverClaimed: 'The approved amount cannot be more than the amount claimed.',
  unknownItem: 'This item is not part of the claim.',
  typeExists: 'An expense type with this name already exists.',
  notYours: 'Only the person claiming can change this claim.',
  nothingApproved: 'Approve at least part of one item, or reject the claim.',
  idTaken: 'This claim or item already exists.',
  unknownStatus: 'Unknown status.',
  /** The claimant's edit met a decision made while they were writing it (offline, or in another tab). */
  changedMeanwhile: (status: ClaimStatus) =>
    `This claim was ${status === 'draft' ? 'withdrawn' : CLAIM_STATUS_LABELS[status].toLowerCase()} before your change arrived, so your change was not saved. Your version is kept: copy from it.`,
} as const;

// ---- Field schemas -----------------------------------------------------------------------

const decimals = (value: number, places: number) => Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;
/** Pounds with at most two decimal places, between the bounds. */
export const poundsField = (min: number, max: number) =>
  v.pipe(
    v.number(expenseMessages.amount),
    v.finite(expenseMessages.amount),
    v.check((value) => decimals(value, 2), expenseMessages.amount),
    v.check((value) => value >= min, fieldMessages.min(min)),
    v.check((value) => value <= max, fieldMessages.max(max)),
  );
export const MAX_ITEM_POUNDS = 100_000;
const optionalId = v.optional(v.pipe(v.string(), v.uuid(fieldMessages.required)));
const claimDate = v.pipe(
  requiredDate,
  v.check((value) => value >= '2000-01-01' && value <= '2099-12-31', 'Please enter a date between 2000 and 2099.'),
);

export const ExpenseItemInputSchema = v.pipe(
  v.object({
    /** Made by the client so a receipt queued offline can name its item before the claim lands. */
    id: optionalId,
    date: claimDate,
    expense_type_id: v.pipe(v.string(expenseMessages.unknownType), v.uuid(expenseMessages.unknownType)),
    description: requiredTextField({ maxLength: 200 }),
    gross: poundsField(0.01, MAX_ITEM_POUNDS),
    vat: v.optional(poundsField(0, MAX_ITEM_POUNDS), 0),
    supplier: v.optional(textField({ maxLength: 120 }), ''),
    vat_receipt_held: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((item) => item.vat <= item.gross, expenseMessages.vatOverGross),
    ['vat'],
  ),
);
export type ExpenseItemInput = v.InferOutput<typeof ExpenseItemInputSchema>;

export const MileageItemInputSchema = v.object({
  id: optionalId,
  date: claimDate,
  miles: v.pipe(
    v.number(expenseMessages.miles),
    v.finite(expenseMessages.miles),
    v.check((value) => decimals(value, 1), expenseMessages.miles),
    v.check((value) => value >= 0.1, fieldMessages.min(0.1)),
    v.check((value) => value <= 20_000, fieldMessages.max(20_000)),
  ),
  vehicle: v.picklist(VEHICLES, 'Please choose the vehicle.'),
  passengers: v.optional(
    v.pipe(
      v.number(fieldMessages.required),
      v.integer(fieldMessages.required),
      v.minValue(0, fieldMessages.min(0)),
      v.maxValue(8, fieldMessages.max(8)),
    ),
    0,
  ),
  from: requiredTextField({ maxLength: 120 }),
  to: requiredTextField({ maxLength: 120 }),
  purpose: requiredTextField({ maxLength: 200 }),
});
export type MileageItemInput = v.InferOutput<typeof MileageItemInputSchema>;

const linesOf = <T extends v.GenericSchema>(line: T) =>
  v.optional(v.pipe(v.array(line), v.maxLength(50, expenseMessages.tooManyItems)), []);

/**
 * A body of one kind only (`claim_type` with `items`), as clients sent before a claim held both
 * and as an offline outbox may still hold: a mileage claim's `items` are its journeys.
 */
function fromSingleKindBody(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const body = input as Record<string, unknown>;
  if (body.claim_type === 'mileage' && body.journeys === undefined) {
    const { items, ...rest } = body;
    return { ...rest, journeys: items };
  }
  return body;
}

/** A claim: receipt items and mileage journeys in any mix, at least one line and at most 50. */
export const ClaimInputSchema = v.pipe(
  v.unknown(),
  v.transform(fromSingleKindBody),
  v.object(
    {
      id: optionalId,
      description: v.optional(textField({ maxLength: 200 }), ''),
      /** An edit: the claim's status the claimant's form was filled from; a claim acted on since is not overwritten (409). */
      seen_status: v.optional(v.picklist(CLAIM_STATUSES, expenseMessages.unknownStatus)),
      /** Submit at once (the default) or keep as a draft (the form adds receipts first, then submits). */
      submit: v.optional(v.boolean(), true),
      items: linesOf(ExpenseItemInputSchema),
      journeys: linesOf(MileageItemInputSchema),
    },
    'Please send the claim as an object.',
  ),
  v.forward(
    v.check((claim) => claim.items.length + claim.journeys.length > 0, expenseMessages.itemsRequired),
    ['items'],
  ),
  v.forward(
    v.check((claim) => claim.items.length + claim.journeys.length <= 50, expenseMessages.tooManyItems),
    ['journeys'],
  ),
);
export type ClaimInput = v.InferOutput<typeof ClaimInputSchema>;

/** "journeys.1.miles" → "Journey 2", "items.0.gross" → "Item 1": the line a field error is about. */
export function claimLineName(field: string): string | null {
  const match = /^(items|journeys)\.(\d+)(\.|$)/.exec(field);
  if (!match) return null;
  return `${match[1] === 'journeys' ? 'Journey' : 'Item'} ${Number(match[2]) + 1}`;
}
/** What a claim holds: receipt items, mileage journeys, or both. */
export type ClaimKind = ClaimType | 'mixed';
export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  expense: 'Expenses',
  mileage: 'Mileage',
  mixed: 'Expenses and mileage',
};

export const ApproveInputSchema = v.object({
  /** Items approved for less than claimed (or 0); items not named are approved in full. */
  items: v.optional(
    v.pipe(
      v.array(v.object({ id: v.pipe(v.string(), v.uuid(expenseMessages.unknownItem)), approved_amount: poundsField(0, MAX_ITEM_POUNDS) })),
      v.maxLength(50, expenseMessages.tooManyItems),
    ),
    [],
  ),
  note: v.optional(multilineTextField({ maxLength: 1000 }), ''),
});
export type ApproveInput = v.InferOutput<typeof ApproveInputSchema>;
export const RejectInputSchema = v.object({ reason: requiredTextField({ maxLength: 1000 }) });
export const PayInputSchema = v.object({ pay_date: claimDate });
export const SubmitInputSchema = v.object({});
/** The multipart field beside a receipt's file: the claim's item it belongs to. */
export const ReceiptFieldsSchema = v.object({
  item_id: v.pipe(v.string(expenseMessages.unknownItem), v.uuid(expenseMessages.unknownItem)),
});
export const ClaimBulkSchema = v.variant('action', [
  v.object({
    action: v.literal('approve'),
    data: v.object({ ids: v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.minLength(1), v.maxLength(100)) }),
  }),
]);

/** GET /api/user-expense: SPEC's `claim_type` and `page`, and the list's filters. */
export const ClaimListQuerySchema = v.object({
  claim_type: v.optional(v.picklist(CLAIM_TYPES)),
  status: v.optional(listOf(v.picklist(CLAIM_STATUSES))),
  user_id: v.optional(listOf(uuidParam)),
  expense_type_id: v.optional(uuidParam),
  from: v.optional(dateParam),
  to: v.optional(dateParam),
  view: v.optional(v.picklist(CLAIM_VIEWS)),
  search: searchField(),
});
export type ClaimListQuery = v.InferOutput<typeof ClaimListQuerySchema>;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ClaimExportQuerySchema = v.object({ ...ClaimListQuerySchema.entries, format: v.optional(v.picklist(EXPORT_FORMATS), 'csv') });

export const ExpenseTypeInputSchema = v.object({
  name: requiredTextField({ maxLength: 80 }),
  /** Items over it warn (never refuse); null for none. */
  limit: v.optional(v.nullable(poundsField(0.01, MAX_ITEM_POUNDS)), null),
  receipt_required: v.optional(v.boolean(), true),
});
export const ExpenseTypeListQuerySchema = v.object({ include_archived: flag });
const ratePence = v.optional(
  v.nullable(
    v.pipe(
      v.number(fieldMessages.required),
      v.integer(fieldMessages.required),
      v.minValue(1, fieldMessages.min(1)),
      v.maxValue(200, fieldMessages.max(200)),
    ),
  ),
  null,
);
/** The company's own mileage rates in pence a mile; null pays HMRC's rate. */
export const ExpenseSettingsInputSchema = v.object({ car_rate: ratePence, motorcycle_rate: ratePence, bicycle_rate: ratePence });
export type ExpenseSettings = v.InferOutput<typeof ExpenseSettingsInputSchema>;

// ---- Responses ---------------------------------------------------------------------------

export type ExpenseType = { id: string; name: string; limit: number | null; receipt_required: boolean; archived: boolean };
export type ExpenseReceipt = { id: string; item_id: string; name: string; mime_type: string; size_bytes: number; download_path: string };
export type ExpenseItem = {
  id: string;
  date: string;
  description: string;
  /** What is claimed (a mileage item: what the company's rates pay), in pounds. */
  amount: number;
  vat: number;
  supplier: string;
  vat_receipt_held: boolean;
  expense_type: { id: string; name: string } | null;
  /** Null until decided; the approved amount in pounds. */
  approved_amount: number | null;
  /** Mileage: HMRC's approved amount (free of tax), the taxable excess paid over it, and how it was worked out. */
  hmrc_amount: number | null;
  taxable_amount: number;
  miles: number | null;
  vehicle: Vehicle | null;
  passengers: number;
  from: string;
  to: string;
  purpose: string;
  calculation: string | null;
  tax_year: string | null;
  /** Over its expense type's limit (a warning). */
  over_limit: boolean;
  receipt_required: boolean;
  receipts: ExpenseReceipt[];
};
export type ClaimPerson = { id: string; first_name: string; surname: string; department_name: string | null };
export type ExpenseClaim = {
  id: string;
  /** What it holds: receipt items ("expense"), journeys ("mileage") or both ("mixed"). */
  claim_type: ClaimKind;
  description: string;
  status: ClaimStatus;
  user: ClaimPerson;
  item_count: number;
  receipt_count: number;
  total: number;
  /** The whole split: receipt items, and mileage journeys (what the company's rates pay). */
  items_total: number;
  mileage_total: number;
  approved_total: number | null;
  taxable_total: number;
  first_date: string | null;
  last_date: string | null;
  submitted_at: string | null;
  decided_at: string | null;
  decided_by_name: string | null;
  reject_reason: string | null;
  paid_on: string | null;
  exported_at: string | null;
  created_at: string;
  can_approve: boolean;
  can_edit: boolean;
};
export type ClaimEvent = { id: string; action: string; note: string | null; actor_name: string | null; created_at: string };
/** A tax year's Mileage Allowance Relief for the claimant (pounds): shown to them when relief is due. */
export type ClaimMileageRelief = { tax_year: string; approved: number; paid: number; relief: number };
export type ExpenseClaimDetail = ExpenseClaim & {
  items: ExpenseItem[];
  events: ClaimEvent[];
  warnings: string[];
  can_pay: boolean;
  /** For the claimant, each tax year of the claim's journeys over their approved and paid claims; empty for others. */
  mileage_relief: ClaimMileageRelief[];
};
export type ClaimBulkResult = { action: 'approve'; updated: number };

// ---- Paths and invalidations -------------------------------------------------------------

const R = EXPENSE_RESOURCES;
const path = (resource: string, id?: string) => (id === undefined ? `/api/${resource}` : `/api/${resource}/${encodeURIComponent(id)}`);
export const expensePaths = {
  claims: path(R.claim),
  claim: (id: string) => path(R.claim, id),
  action: (id: string, action: ClaimAction) => `${path(R.claim, id)}/${action}`,
  bulk: `${path(R.claim)}/bulk`,
  export: `${path(R.claim)}/export`,
  receipts: (id: string) => `${path(R.claim, id)}/receipts`,
  receipt: (id: string, receiptId: string) => `${path(R.claim, id)}/receipts/${encodeURIComponent(receiptId)}`,
  receiptsZip: (id: string) => `${path(R.claim, id)}/receipts.zip`,
  types: path(R.type),
  type: (id: string) => path(R.type, id),
  settings: path(R.settings),
};

export const EXPENSE_INVALIDATES = {
  claim: [R.claim, PENDING_COUNT_RESOURCE],
  types: [R.type, R.claim],
  settings: [R.settings],
} as const;

export const pounds = (pence: number): number => Math.round(pence) / 100;
export const toPence = (poundsValue: number): number => Math.round(poundsValue * 100);

/** Receipts: what the server takes and the client sends (images are downscaled on the device first). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,application/pdf';
