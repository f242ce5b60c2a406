// Receipts and the edges of the API: uploads checked by their bytes and size, downloads and
// the zip only for those who may read the claim, a receipt required by its type before
// submitting, another company's claim a 404, and fuzzed bodies never a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseClaimDetail } from '../../../src/modules/expenses/expenses.contract';
import { bearer } from '../../support/identity-fixtures';
import { mileageItem, startExpenseHarness, travelClaim, type ExpenseHarness } from '../../support/expenses-harness';
import { multipartBody, pdfDocument, pngImage, windowsExecutable } from '../../support/upload-fixtures';

let h: ExpenseHarness;
let other: ExpenseHarness;
beforeAll(async () => {
  h = await startExpenseHarness();
  other = await startExpenseHarness(h.t);
});
afterAll(async () => h.t.close());

async function upload(
  harness: ExpenseHarness,
  who: 'employee' | 'manager' | 'owner',
  claimId: string,
  itemId: string,
  file: { name: string; data: Buffer; type?: string },
) {
  const body = multipartBody([
    { name: 'item_id', value: itemId },
    { name: 'file', filename: file.name, contentType: file.type ?? 'image/png', data: file.data },
  ]);
  return harness.t.app.inject({
    method: 'POST',
    url: `/api/user-expense/${claimId}/receipts`,
    headers: { ...bearer(await harness.company.token(who)), ...body.headers },
    payload: body.payload,
  });
}

const subsistence = (types: ExpenseHarness['types']) => ({
  claim_type: 'expense',
  submit: false,
  items: [
    {
      date: '2026-05-04',
      expense_type_id: types.Subsistence,
      description: 'Lunch',
      gross: 12.4,
      vat: 2.07,
      supplier: 'Pret',
      vat_receipt_held: true,
    },
  ],
});

describe('receipts', () => {
  it('needs the receipt its type asks for, takes a photo and a PDF, and serves them one by one and as a zip', async () => {
    const draft = await h.claim('employee', subsistence(h.types));
    expect(draft.status).toBe('draft');
    const early = await h.act('employee', draft.id, 'submit');
    expect(early.statusCode).toBe(422);
    expect(early.json<{ message: string }>().message).toBe('Item 1: A receipt is required for Subsistence.');

    const itemId = draft.items[0]?.id ?? '';
    const photo = await upload(h, 'employee', draft.id, itemId, { name: 'lunch.png', data: pngImage(40, 30) });
    expect(photo.statusCode).toBe(201);
    const pdf = await upload(h, 'employee', draft.id, itemId, {
      name: 'lunch.pdf',
      data: pdfDocument('Pret 12.40'),
      type: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(201);

    const submitted = (await h.act('employee', draft.id, 'submit')).json<ExpenseClaimDetail>();
    expect(submitted.status).toBe('submitted');
    expect(submitted.items[0]?.receipts.map((receipt) => receipt.mime_type)).toEqual(['image/png', 'application/pdf']);

    const path = submitted.items[0]?.receipts[1]?.download_path ?? '';
    const byManager = await h.send('manager', 'GET', path);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await h.send('otherManager', 'GET', path)).statusCode).toBe(403);
    expect((await h.send('colleague', 'GET', path)).statusCode).toBe(403);

    const zip = await h.send('manager', 'GET', `/api/user-expense/${draft.id}/receipts.zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.rawPayload.includes(Buffer.from('lunch.pdf'))).toBe(true);
  });

  it('refuses the wrong bytes, an oversized file, another item and someone else’s claim', async () => {
    const draft = await h.claim('employee', subsistence(h.types));
    const itemId = draft.items[0]?.id ?? '';
    expect(
      (await upload(h, 'employee', draft.id, itemId, { name: 'receipt.jpg', data: windowsExecutable(), type: 'image/jpeg' })).statusCode,
    ).toBe(415);
    const huge = Buffer.concat([pngImage(4, 4), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect((await upload(h, 'employee', draft.id, itemId, { name: 'huge.png', data: huge })).statusCode).toBe(413);
    expect((await upload(h, 'employee', draft.id, draft.id, { name: 'a.png', data: pngImage(4, 4) })).statusCode).toBe(422);
    const submitted = await h.claim('employee', travelClaim(h.types));
    expect(
      (await upload(h, 'manager', submitted.id, submitted.items[0]?.id ?? '', { name: 'a.png', data: pngImage(4, 4) })).statusCode,
    ).toBe(403);
    const after = (await h.send('employee', 'GET', `/api/user-expense/${draft.id}`)).json<ExpenseClaimDetail>();
    expect(after.items[0]?.receipts).toEqual([]);
  });
});

describe('another company', () => {
  it('sees none of this company’s claims: 404 for reading, deciding, changing and receipts', async () => {
    const claim = await h.claim('employee', travelClaim(h.types));
    const outsider = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => other.send('owner', method, url, body);
    expect((await outsider('GET', `/api/user-expense/${claim.id}`)).statusCode).toBe(404);
    expect((await outsider('POST', `/api/user-expense/${claim.id}/approve`)).statusCode).toBe(404);
    expect((await outsider('POST', `/api/user-expense/${claim.id}/reject`, { reason: 'x' })).statusCode).toBe(404);
    expect((await outsider('PUT', `/api/user-expense/${claim.id}`, travelClaim(other.types))).statusCode).toBe(404);
    expect((await outsider('DELETE', `/api/user-expense/${claim.id}`)).statusCode).toBe(404);
    expect((await outsider('GET', `/api/user-expense/${claim.id}/receipts.zip`)).statusCode).toBe(404);
    const list = (await outsider('GET', '/api/user-expense')).json<{ results: { id: string }[] }>();
    expect(list.results.map((row) => row.id)).not.toContain(claim.id);
    // A claim naming another company's expense type is refused, and so is reusing its id.
    const foreignType = await other.send('employee', 'POST', '/api/user-expense', travelClaim(h.types));
    expect(foreignType.statusCode).toBe(422);
    const reused = await other.send('employee', 'POST', '/api/user-expense', { ...travelClaim(other.types), id: claim.id });
    expect(reused.statusCode).toBe(409);
  });
});

describe('fuzzed bodies', () => {
  it('never answer 5xx on any write', async () => {
    const claim = await h.claim('employee', { claim_type: 'mileage', submit: false, items: [mileageItem('2026-05-01', 10)] });
    const anything = fc.oneof(
      fc.anything(),
      fc.record({
        claim_type: fc.constantFrom('expense', 'mileage', 'other', 1),
        id: fc.oneof(fc.uuid(), fc.string()),
        submit: fc.oneof(fc.boolean(), fc.string()),
        items: fc.array(
          fc.record(
            {
              date: fc.oneof(fc.constantFrom('2026-05-01', '2026-02-30', '1999-01-01'), fc.string()),
              expense_type_id: fc.oneof(fc.constant(h.types.Travel), fc.uuid(), fc.string()),
              description: fc.string(),
              gross: fc.oneof(fc.double(), fc.integer(), fc.string()),
              vat: fc.oneof(fc.double(), fc.integer()),
              miles: fc.oneof(fc.double(), fc.integer({ min: -5, max: 30_000 })),
              vehicle: fc.constantFrom('car', 'motorcycle', 'bicycle', 'bus'),
              passengers: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double()),
              from: fc.string(),
              to: fc.string(),
              purpose: fc.string(),
              id: fc.oneof(fc.uuid(), fc.constant(claim.items[0]?.id)),
              approved_amount: fc.oneof(fc.double(), fc.integer()),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
        reason: fc.string(),
        pay_date: fc.string(),
      }),
    );
    const routes = [
      { method: 'POST' as const, url: '/api/user-expense' },
      { method: 'PUT' as const, url: `/api/user-expense/${claim.id}` },
      { method: 'POST' as const, url: `/api/user-expense/${claim.id}/approve` },
      { method: 'POST' as const, url: `/api/user-expense/${claim.id}/reject` },
      { method: 'POST' as const, url: `/api/user-expense/${claim.id}/pay` },
      { method: 'POST' as const, url: '/api/user-expense/bulk' },
      { method: 'PUT' as const, url: '/api/expense-settings' },
      { method: 'POST' as const, url: '/api/expense-type' },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        anything,
        fc.constantFrom('employee' as const, 'owner' as const),
        async (route, body, who) => {
          const res = await h.t.app.inject({
            method: route.method,
            url: route.url,
            headers: { ...bearer(await h.company.token(who)), 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode, `${route.method} ${route.url} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never answer 5xx on any list or export query', async () => {
    const key = fc.constantFrom(
      'claim_type',
      'status',
      'status[]',
      'user_id',
      'expense_type_id',
      'from',
      'to',
      'view',
      'search',
      'page',
      'format',
    );
    const pairs = fc.array(
      fc.tuple(key, fc.oneof(fc.string(), fc.constantFrom('mileage', 'approve', 'xlsx', '2026-05-01', h.types.Travel))),
      { maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/user-expense', '/api/user-expense/export'), pairs, async (path, query) => {
        const text = query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const res = await h.send('manager', 'GET', `${path}?${text}`);
        expect(res.statusCode, `${path}?${text} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
