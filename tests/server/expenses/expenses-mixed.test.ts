// One claim holding receipt items and mileage journeys together: made, refused with messages
// naming the line at fault, a receipt still required per item, approved, in the list's
// filters, the export and payroll (the receipts and the mileage as two elements), bodies of
// one kind as older clients and outboxes send them, fuzzed bodies never a 5xx, and another
// company's people kept out.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseClaim, ExpenseClaimDetail } from '../../../src/modules/expenses/expenses.contract';
import { expensesPayroll } from '../../../src/modules/expenses/server/expenses-payroll.service';
import { withTenant } from '../../../src/server/db/database';
import { bearer } from '../../support/identity-fixtures';
import { mileageItem, startExpenseHarness, type ExpenseHarness } from '../../support/expenses-harness';
import { multipartBody, pngImage } from '../../support/upload-fixtures';

let h: ExpenseHarness;
let other: ExpenseHarness;
/** A draft of Oscar's (office) the fuzzed changes are sent to. */
let claimOfOffice = '';
beforeAll(async () => {
  h = await startExpenseHarness();
  other = await startExpenseHarness(h.t);
  claimOfOffice = (await h.claim('office', { submit: false, journeys: [mileageItem('2026-05-02', 3)] })).id;
});
afterAll(async () => h.t.close());

/** A trip: the car park (Travel, no receipt needed) and 40 car miles there and back. */
const trip = (types: ExpenseHarness['types'], extra: object = {}) => ({
  description: 'Bolton store opening',
  items: [{ date: '2026-05-04', expense_type_id: types.Travel, description: 'Parking at the store', gross: 6.8, supplier: 'NCP' }],
  journeys: [mileageItem('2026-05-04', 40, { from: 'Head office', to: 'Bolton store', purpose: 'Store opening' })],
  ...extra,
});

describe('a claim with receipt items and journeys', () => {
  let claim: ExpenseClaimDetail;

  it('is made as one claim: items first, then journeys priced by HMRC’s rules, with each total', async () => {
    claim = await h.claim('employee', trip(h.types));
    expect(claim).toMatchObject({ claim_type: 'mixed', status: 'submitted', total: 28.8, items_total: 6.8, mileage_total: 22 });
    expect(claim.items.map((item) => [item.description, item.amount, item.expense_type?.name ?? null, item.miles])).toEqual([
      ['Parking at the store', 6.8, 'Travel', null],
      ['Head office to Bolton store', 22, null, 40],
    ]);
    expect(claim.items[1]).toMatchObject({ calculation: '40 mi × 55p', tax_year: '2026/27', hmrc_amount: 22, taxable_amount: 0 });
  });

  it('refuses a bad line with a 422 whose message names it', async () => {
    const badJourney = await h.send(
      'employee',
      'POST',
      '/api/user-expense',
      trip(h.types, { journeys: [mileageItem('2026-05-04', 12), mileageItem('2026-05-05', 0)] }),
    );
    expect(badJourney.statusCode).toBe(422);
    expect(badJourney.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'journeys.1.miles': ['Value must be greater than or equal 0.1'],
    });
    expect(badJourney.json<{ message: string }>().message).toBe('Journey 2: Value must be greater than or equal 0.1');

    const badItem = await h.send('employee', 'POST', '/api/user-expense', {
      ...trip(h.types),
      items: [{ date: '2026-05-04', expense_type_id: h.types.Travel, description: 'Parking', gross: 'six' }],
    });
    expect(badItem.statusCode).toBe(422);
    expect(Object.keys(badItem.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['items.0.gross']);
    expect(badItem.json<{ message: string }>().message).toMatch(/^Item 1: /);

    const empty = await h.send('employee', 'POST', '/api/user-expense', { description: 'Nothing', items: [], journeys: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: Record<string, string[]> }>().errors).toEqual({ items: ['Please add at least one item or journey.'] });
  });

  it('still asks for a receipt where the item’s type needs one, naming that item and not the journeys', async () => {
    const hotel = await h.claim('employee', {
      ...trip(h.types),
      submit: false,
      items: [{ date: '2026-05-04', expense_type_id: h.types.Accommodation, description: 'Hotel', gross: 80 }],
    });
    const refused = await h.act('employee', hotel.id, 'submit');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'items.0.receipts': ['A receipt is required for Accommodation.'],
    });
    expect(refused.json<{ message: string }>().message).toBe('Item 1: A receipt is required for Accommodation.');
    const body = multipartBody([
      { name: 'item_id', value: hotel.items[0]?.id ?? '' },
      { name: 'file', filename: 'hotel.png', contentType: 'image/png', data: pngImage(4, 4) },
    ]);
    const uploaded = await h.t.app.inject({
      method: 'POST',
      url: `/api/user-expense/${hotel.id}/receipts`,
      headers: { ...bearer(await h.company.token('employee')), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect((await h.act('employee', hotel.id, 'submit')).statusCode).toBe(200);
  });

  it('is approved in part per line, found by both kinds’ filters and exported with a row per line', async () => {
    const [parking, journey] = claim.items;
    const approved = await h.act('manager', claim.id, 'approve', { items: [{ id: parking?.id, approved_amount: 5 }] });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<ExpenseClaimDetail>()).toMatchObject({ status: 'partly_approved', approved_total: 27 });
    for (const kind of ['expense', 'mileage']) {
      const list = (await h.send('owner', 'GET', `/api/user-expense?claim_type=${kind}`)).json<{ results: ExpenseClaim[] }>();
      expect(list.results.map((row) => row.id)).toContain(claim.id);
    }
    const csv = (await h.send('owner', 'GET', '/api/user-expense/export?format=csv&search=Bolton')).body;
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    const ofClaim = rows.filter((row) => row.startsWith(claim.id));
    expect(ofClaim).toHaveLength(2);
    expect(ofClaim.every((row) => row.includes('Expense and mileage'))).toBe(true);
    expect(ofClaim[0]).toContain('Parking at the store');
    expect(ofClaim[1]).toContain('40 mi × 55p');
    expect(journey?.calculation).toBe('40 mi × 55p');
  });

  it('goes to payroll as two elements, the receipts and the mileage, and exporting them locks the claim', async () => {
    const companyId = h.company.companyId;
    const elements = await withTenant(h.t.database.db, companyId, (trx) =>
      expensesPayroll.elements(trx, { companyId, since: '2000-01-01', to: '2099-12-31' } as never),
    );
    const ofClaim = elements.filter((element) => element.key.startsWith(`expense:${claim.id}`));
    expect(ofClaim.map((element) => [element.key, element.code, element.label, element.amount, element.taxable])).toEqual([
      [`expense:${claim.id}`, 'EXPENSES', 'Expenses reimbursed', 5, false],
      [`expense:${claim.id}:mileage`, 'EXPENSES', 'Mileage reimbursed', 22, false],
    ]);
    await withTenant(h.t.database.db, companyId, (trx) =>
      expensesPayroll.markExported!(trx, { companyId, periodId: 'test', keys: ofClaim.map((element) => element.key) }),
    );
    const exported = (await h.send('employee', 'GET', `/api/user-expense/${claim.id}`)).json<ExpenseClaimDetail>();
    expect(exported.status).toBe('exported');
    expect((await h.send('employee', 'PUT', `/api/user-expense/${claim.id}`, trip(h.types))).statusCode).toBe(409);
  });

  it('is kept from another company: 404 to read, decide or change, and absent from its lists', async () => {
    const mine = await h.claim('colleague', trip(h.types));
    expect((await other.send('owner', 'GET', `/api/user-expense/${mine.id}`)).statusCode).toBe(404);
    expect((await other.send('owner', 'POST', `/api/user-expense/${mine.id}/approve`, {})).statusCode).toBe(404);
    expect((await other.send('owner', 'PUT', `/api/user-expense/${mine.id}`, trip(other.types))).statusCode).toBe(404);
    const list = (await other.send('owner', 'GET', '/api/user-expense?claim_type=mileage')).json<{ results: { id: string }[] }>();
    expect(list.results.map((row) => row.id)).not.toContain(mine.id);
    // Its own employee cannot put this company's expense type on a line of theirs.
    const foreign = await other.send('employee', 'POST', '/api/user-expense', trip(h.types));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ message: string }>().message).toBe('Item 1: Please choose an expense type.');
  });
});

describe('bodies of one kind, as clients sent them before and an outbox may still hold', () => {
  it('takes a mileage claim’s items as its journeys, and a claim can become mixed when changed', async () => {
    const old = await h.claim('office', { claim_type: 'mileage', submit: false, items: [mileageItem('2026-05-01', 10)] });
    expect(old).toMatchObject({ claim_type: 'mileage', items_total: 0, mileage_total: 5.5 });
    const changed = await h.send('office', 'PUT', `/api/user-expense/${old.id}`, {
      submit: false,
      items: [{ date: '2026-05-01', expense_type_id: h.types.Travel, description: 'Toll', gross: 2.5 }],
      journeys: [{ ...mileageItem('2026-05-01', 10), id: old.items[0]?.id }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ExpenseClaimDetail>()).toMatchObject({ claim_type: 'mixed', total: 8, items_total: 2.5, mileage_total: 5.5 });
    expect(changed.json<ExpenseClaimDetail>().items[1]?.id).toBe(old.items[0]?.id);
  });

  it('never answers a 5xx to fuzzed mixed bodies', async () => {
    const line = fc.record(
      {
        date: fc.oneof(fc.constantFrom('2026-05-01', '2026-02-30'), fc.string()),
        expense_type_id: fc.oneof(fc.constant(h.types.Travel), fc.uuid(), fc.string()),
        description: fc.string(),
        gross: fc.oneof(fc.double(), fc.integer(), fc.string()),
        miles: fc.oneof(fc.double(), fc.integer({ min: -5, max: 30_000 })),
        vehicle: fc.constantFrom('car', 'bicycle', 'bus'),
        from: fc.string(),
        to: fc.string(),
        purpose: fc.string(),
        id: fc.oneof(fc.uuid(), fc.string()),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        claim_type: fc.constantFrom('expense', 'mileage', 'mixed', null),
        description: fc.oneof(fc.string(), fc.integer()),
        submit: fc.oneof(fc.boolean(), fc.string()),
        items: fc.oneof(fc.array(line, { maxLength: 3 }), fc.anything()),
        journeys: fc.oneof(fc.array(line, { maxLength: 3 }), fc.anything()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('POST', 'PUT'), async (payload, method) => {
        const url = method === 'POST' ? '/api/user-expense' : `/api/user-expense/${claimOfOffice}`;
        const res = await h.send('office', method as 'POST' | 'PUT', url, payload);
        expect(res.statusCode, `${method} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
