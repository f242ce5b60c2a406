// The claim form's state: items as typed (strings while typing), the receipts chosen for each,
// and turning them into the API's body. Ids are made here so receipts can name their item
// before the claim exists on the server (offline, the outbox sends all in order).
import { newIdempotencyKey } from '../../../client/api/api-client';
import { londonDate } from '../../../shared/dates';
import type { ClaimType, ExpenseClaimDetail, Vehicle } from '../expenses.contract';
import type { ClaimBody } from './expenses.api';

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

export type ClaimDraft = { id: string; claim_type: ClaimType; description: string; items: ItemDraft[] };

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

export const newClaim = (): ClaimDraft => ({ id: newIdempotencyKey(), claim_type: 'expense', description: '', items: [newItem()] });

export function claimToDraft(claim: ExpenseClaimDetail): ClaimDraft {
  return {
    id: claim.id,
    claim_type: claim.claim_type,
    description: claim.description,
    items: claim.items.map((item) => ({
      ...newItem(),
      id: item.id,
      date: item.date,
      expense_type_id: item.expense_type?.id ?? '',
      description: item.description,
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
    })),
  };
}

const num = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

export function toClaimBody(draft: ClaimDraft, submit: boolean): ClaimBody {
  const items =
    draft.claim_type === 'mileage'
      ? draft.items.map((item) => ({
          id: item.id,
          date: item.date,
          miles: num(item.miles),
          vehicle: item.vehicle,
          passengers: num(item.passengers) || 0,
          from: item.from,
          to: item.to,
          purpose: item.purpose,
        }))
      : draft.items.map((item) => ({
          id: item.id,
          date: item.date,
          expense_type_id: item.expense_type_id,
          description: item.description,
          gross: num(item.gross),
          vat: num(item.vat) || 0,
          supplier: item.supplier,
          vat_receipt_held: item.vat_receipt_held,
        }));
  return { id: draft.id, claim_type: draft.claim_type, description: draft.description, submit, items };
}

/** "items.1.gross" → the field's message, for the item cards. */
export function itemErrors(errors: Record<string, string[]> | undefined, index: number): Record<string, string> {
  const prefix = `items.${index}.`;
  return Object.fromEntries(
    Object.entries(errors ?? {})
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, messages]) => [key.slice(prefix.length), messages[0] ?? '']),
  );
}
