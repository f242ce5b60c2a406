import { describe, expect, it } from 'vitest';
import { draftTotals, lineErrors, newClaim, newItem, toClaimBody, type ClaimDraft } from './claim-form-state';

const mixed = (): ClaimDraft => ({
  ...newClaim(),
  description: 'Bolton store opening',
  items: [{ ...newItem(), date: '2026-05-04', expense_type_id: 'travel', description: 'Parking', gross: '6.80' }],
  journeys: [{ ...newItem(), date: '2026-05-04', miles: '40', from: 'Head office', to: 'Bolton store', purpose: 'Store opening' }],
});

describe('the claim form’s state', () => {
  it('sends receipt items and journeys side by side in one body', () => {
    const body = toClaimBody(mixed(), true);
    expect(body.items).toEqual([expect.objectContaining({ description: 'Parking', gross: 6.8, vat: 0 })]);
    expect(body.journeys).toEqual([expect.objectContaining({ miles: 40, vehicle: 'car', from: 'Head office', to: 'Bolton store' })]);
    expect(body).not.toHaveProperty('claim_type');
  });

  it('totals the items, the mileage at HMRC’s rates and the whole as typed', () => {
    expect(draftTotals(mixed())).toEqual({ items: 6.8, mileage: 22, total: 28.8 });
    expect(draftTotals({ items: [], journeys: [{ ...newItem(), miles: '' }] })).toEqual({ items: 0, mileage: 0, total: 0 });
  });

  it('gives each card the messages of its own line', () => {
    const errors = { 'journeys.0.miles': ['Please enter the miles.'], 'items.0.gross': ['Please enter an amount.'] };
    expect(lineErrors(errors, 'journeys', 0)).toEqual({ miles: 'Please enter the miles.' });
    expect(lineErrors(errors, 'items', 0)).toEqual({ gross: 'Please enter an amount.' });
    expect(lineErrors(errors, 'journeys', 1)).toEqual({});
  });
});
