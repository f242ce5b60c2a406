// The expenses demo as the seed writes it: claims in every state, three waiting for Marcus
// (manager@demo.test) with his badge counting them, and receipts whose bytes the module writes
// through file storage once the app runs (real PDFs and PNGs), once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseClaim, ExpenseClaimDetail } from '../../../src/modules/expenses/expenses.contract';
import { restoreDemoReceipts } from '../../../src/modules/expenses/server/demo-receipts';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import type { ListResponse } from '../../../src/shared/list';
import { bearer } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
});
afterAll(async () => t.close());

async function as(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  return bearer(res.json<{ auth_token: string }>().auth_token);
}

describe('the expenses demo', () => {
  it('has claims in every state, and three waiting for Marcus on his badge', async () => {
    const owner = await as('owner@demo.test');
    const all = (await t.app.inject({ method: 'GET', url: '/api/user-expense?view=all&limit=100', headers: owner })).json<
      ListResponse<ExpenseClaim>
    >();
    const ella = await as('employee@demo.test');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/user-expense?view=mine&limit=100', headers: ella })).json<
      ListResponse<ExpenseClaim>
    >();
    const statuses = new Set([...all.results, ...mine.results].map((claim) => claim.status));
    expect([...statuses].sort()).toEqual(['approved', 'draft', 'exported', 'paid', 'partly_approved', 'rejected', 'submitted']);

    const marcus = await as('manager@demo.test');
    const waiting = (await t.app.inject({ method: 'GET', url: '/api/user-expense?view=approve', headers: marcus })).json<
      ListResponse<ExpenseClaim>
    >();
    expect(waiting.count).toBe(3);
    expect(waiting.results.every((claim) => claim.can_approve)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/pending-count', headers: marcus })).json<{ user_expense: number }>().user_expense,
    ).toBe(3);
    const mileage = waiting.results.find((claim) => claim.claim_type === 'mileage');
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/user-expense/${mileage?.id}`, headers: marcus })
    ).json<ExpenseClaimDetail>();
    expect(detail.items[1]?.calculation).toMatch(/× 1 passenger × 5p$/);
  });

  it('writes the receipts’ bytes once, and they download as real files', async () => {
    expect(await restoreDemoReceipts(t.database.db, t.app.fileStorage)).toBeGreaterThan(0);
    expect(await restoreDemoReceipts(t.database.db, t.app.fileStorage)).toBe(0);
    const marcus = await as('manager@demo.test');
    const waiting = (await t.app.inject({ method: 'GET', url: '/api/user-expense?view=approve', headers: marcus })).json<
      ListResponse<ExpenseClaim>
    >();
    const withReceipts = waiting.results.find((claim) => claim.receipt_count === 3);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/user-expense/${withReceipts?.id}`, headers: marcus })
    ).json<ExpenseClaimDetail>();
    const [train, , lunch] = detail.items.map((item) => item.receipts[0]?.download_path ?? '');
    const pdf = await t.app.inject({ method: 'GET', url: train ?? '', headers: marcus });
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const png = await t.app.inject({ method: 'GET', url: lunch ?? '', headers: marcus });
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
