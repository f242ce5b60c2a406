// The claim form's state: receipt items and mileage journeys as typed (strings while typing),
// in any mix, the receipts chosen for each item, the totals as typed, and turning them into
// the API's body. Ids are made here so receipts can name their item before the claim exists
// on the server (offline, the outbox sends all in order).
import { newIdempotencyKey } from '../../../client/api/api-client';
import { londonDate } from '../../../shared/dates';
import type { ClaimStatus, ExpenseClaimDetail, Vehicle } from '../expenses.contract';
import { milesToTenths, priceMileageItems } from '../mileage-rules';
import type { ClaimBody } from './expenses.api';

/** One line of the form: a receipt item uses the first fields, a journey the mileage ones. */
export type ItemDraft = {
  id: string;
  date: string;
  expense_type_id: string;
  description: string;
  gross: number | string;
  vat: number | string;
  supplier: string;
  vat_receipt_held: boolean;
  miles: number | string;
  vehicle: Vehicle;
  passengers: number | string;
  from: string;
  to: string;
  purpose: string;
  /** Receipts chosen now (already made small); those on the server are in `existing`. */
  files: File[];
  existing: { id: string; name: string }[];
};

export type LineKind = 'items' | 'journeys';
/** `seenStatus`: the claim's status when the form was filled from it, so the server can tell if someone acted on it meanwhile. */
export type ClaimDraft = { id: string; description: string; items: ItemDraft[]; journeys: ItemDraft[]; seenStatus?: ClaimStatus };

export function newItem(): ItemDraft {
  return {
    id: newIdempotencyKey(),
    date: londonDate(new Date()),
    expense_type_id: '',
    description: '',
    gross: '',
    vat: '',
    supplier: '',
    vat_receipt_held: false,
    miles: '',
    vehicle: 'car',
    passengers: 0,
    from: '',
    to: '',
    purpose: '',
    files: [],
    existing: [],
  };
}

export const newClaim = (): ClaimDraft => ({ id: newIdempotencyKey(), description: '', items: [], journeys: [] });

export function claimToDraft(claim: ExpenseClaimDetail): ClaimDraft {
  const lines = claim.items.map((item) => ({
    ...newItem(),
    id: item.id,
    date: item.date,
    expense_type_id: item.expense_type?.id ?? '',
    description: item.vehicle ? '' : item.description,
    gross: item.amount,
    vat: item.vat,
    supplier: item.supplier,
    vat_receipt_held: item.vat_receipt_held,
    miles: item.miles ?? '',
    vehicle: item.vehicle ?? 'car',
    passengers: item.passengers,
    from: item.from,
    to: item.to,
    purpose: item.purpose,
    existing: item.receipts.map((receipt) => ({ id: receipt.id, name: receipt.name })),
  }));
  return {
    id: claim.id,
    description: claim.description,
    seenStatus: claim.status,
    items: lines.filter((_, index) => claim.items[index]?.vehicle === null),
    journeys: lines.filter((_, index) => claim.items[index]?.vehicle !== null),
  };
}

const num = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const typed = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? value : '');

/**
 * A claim body as it was queued, back into the form (the outbox's "Correct"): its values as typed,
 * and each item's receipts that were queued behind it (`receipts`, by the item's queued id).
 * `fresh` makes it a new claim (new ids), for a version that can no longer go onto the claim it
 * was written for; the receipts stay with their items.
 */
export function draftFromBody(
  body: unknown,
  options: { fresh: boolean; seenStatus?: ClaimStatus; receipts?: ReadonlyMap<string, File[]> },
): ClaimDraft {
  const record = (body ?? {}) as Partial<Record<keyof ClaimBody, unknown>>;
  const lines = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
  const line = (raw: Record<string, unknown>): ItemDraft => ({
    ...newItem(),
    ...(options.fresh || typeof raw.id !== 'string' ? {} : { id: raw.id }),
    date: text(raw.date) || newItem().date,
    expense_type_id: text(raw.expense_type_id),
    description: text(raw.description),
    gross: typed(raw.gross),
    vat: typed(raw.vat),
    supplier: text(raw.supplier),
    vat_receipt_held: raw.vat_receipt_held === true,
    miles: typed(raw.miles),
    vehicle: (['car', 'motorcycle', 'bicycle'] as const).find((vehicle) => vehicle === raw.vehicle) ?? 'car',
    passengers: typed(raw.passengers),
    from: text(raw.from),
    to: text(raw.to),
    purpose: text(raw.purpose),
    files: typeof raw.id === 'string' ? [...(options.receipts?.get(raw.id) ?? [])] : [],
  });
  return {
    id: options.fresh || typeof record.id !== 'string' ? newIdempotencyKey() : record.id,
    description: text(record.description),
    items: lines(record.items).map(line),
    journeys: lines(record.journeys).map(line),
    ...(options.seenStatus ? { seenStatus: options.seenStatus } : {}),
  };
}

export function toClaimBody(draft: ClaimDraft, submit: boolean): ClaimBody {
  return {
    id: draft.id,
    description: draft.description,
    ...(draft.seenStatus ? { seen_status: draft.seenStatus } : {}),
    submit,
    items: draft.items.map((item) => ({
      id: item.id,
      date: item.date,
      expense_type_id: item.expense_type_id,
      description: item.description,
      gross: num(item.gross),
      vat: num(item.vat) || 0,
      supplier: item.supplier,
      vat_receipt_held: item.vat_receipt_held,
    })),
    journeys: draft.journeys.map((journey) => ({
      id: journey.id,
      date: journey.date,
      miles: num(journey.miles),
      vehicle: journey.vehicle,
      passengers: num(journey.passengers) || 0,
      from: journey.from,
      to: journey.to,
      purpose: journey.purpose,
    })),
  };
}

/**
 * The claim's totals as typed, in pounds: its items, its journeys at HMRC's rates (the server
 * prices them with the person's earlier miles of the tax year and the company's own rates).
 */
export function draftTotals(draft: Pick<ClaimDraft, 'items' | 'journeys'>): { items: number; mileage: number; total: number } {
  const items = draft.items.reduce((sum, item) => sum + Math.round((Number(item.gross) || 0) * 100), 0);
  const journeys = draft.journeys.flatMap((journey) => {
    const miles = Number(journey.miles);
    if (!journey.date || !Number.isFinite(miles) || miles <= 0) return [];
    return [{ date: journey.date, tenths: milesToTenths(miles), vehicle: journey.vehicle, passengers: Number(journey.passengers) || 0 }];
  });
  const mileage = priceMileageItems(journeys, { priorCarTenthsByTaxYear: new Map(), companyRates: {} }).reduce(
    (sum, journey) => sum + journey.result.paidPence,
    0,
  );
  return { items: items / 100, mileage: mileage / 100, total: (items + mileage) / 100 };
}

/** "journeys.1.miles" → the field's message, for the second journey's card. */
export function lineErrors(errors: Record<string, string[]> | undefined, kind: LineKind, index: number): Record<string, string> {
  const prefix = `${kind}.${index}.`;
  return Object.fromEntries(
    Object.entries(errors ?? {})
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, messages]) => [key.slice(prefix.length), messages[0] ?? '']),
  );
}
