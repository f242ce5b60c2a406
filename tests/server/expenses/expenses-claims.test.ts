// Claims through the API: mileage priced from HMRC's rates across claims of a tax year, who
// may approve (never the claimant; another department's manager 403), partly approved
// amounts, rejected → edited → resubmitted, an edit written before a decision refused with what
// happened, locked once approved or exported, the pending
// count, the export, expense types ordered by name, and the payroll totals.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expenseMessages,
  type ClaimEvent,
  type ExpenseClaimDetail,
  type ExpenseType,
} from '../../../src/modules/expenses/expenses.contract';
import { expensesForPayroll, markExpensesExported } from '../../../src/modules/expenses/server/expenses-payroll.service';
import { withTenant } from '../../../src/server/db/database';
import { ownerSql } from '../../support/identity-fixtures';
import { mileageItem, startExpenseHarness, travelClaim, type ExpenseHarness } from '../../support/expenses-harness';

let h: ExpenseHarness;
beforeAll(async () => {
  h = await startExpenseHarness();
});
afterAll(async () => h.t.close());

const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
const actions = (detail: ExpenseClaimDetail) => detail.events.map((event: ClaimEvent) => event.action);

describe('mileage', () => {
  it('prices 100 car miles on 1 May 2026 at £55.00 and on 1 March 2026 at £45.00', async () => {
    const may = await h.claim('office', { claim_type: 'mileage', items: [mileageItem('2026-05-01', 100)] });
    expect(may.items[0]).toMatchObject({
      amount: 55,
      hmrc_amount: 55,
      taxable_amount: 0,
      calculation: '100 mi × 55p',
      tax_year: '2026/27',
    });
    const march = await h.claim('office', { claim_type: 'mileage', items: [mileageItem('2026-03-01', 100)] });
    expect(march.items[0]?.amount).toBe(45);
    expect(march.total).toBe(45);
  });

  it('splits a claim taking the person from 9,950 to 10,050 car miles: 50 × 55p + 50 × 25p', async () => {
    await h.claim('colleague', { claim_type: 'mileage', items: [mileageItem('2026-04-20', 9_950)] });
    const crossing = await h.claim('colleague', {
      claim_type: 'mileage',
      items: [mileageItem('2026-06-01', 100), mileageItem('2026-06-02', 10, { vehicle: 'motorcycle', passengers: 1 })],
    });
    expect(crossing.items[0]).toMatchObject({ amount: 40, calculation: '50 mi × 55p + 50 mi × 25p' });
    // HMRC's passenger payment is for cars and vans only: the motorcycle's passenger adds nothing.
    expect(crossing.items[1]).toMatchObject({ amount: 2.4, calculation: '10 mi × 24p' });
  });
});

describe('who may approve', () => {
  it('refuses the claimant and another department’s manager; the line manager approves', async () => {
    const claim = await h.claim('employee', travelClaim(h.types));
    expect(claim.status).toBe('submitted');
    // The line manager is asked (a to-do pointing at the claim); nobody else in Operations is.
    const asked = await ownerSql<{ user_id: string; todo: boolean }>(
      h.t,
      sql`select user_id, todo from notifications where relates_to = 'expense' and relates_to_id = ${claim.id}`,
    );
    expect(asked).toEqual([{ user_id: h.company.people.manager.id, todo: true }]);
    const own = await h.act('employee', claim.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(messageOf(own)).toBe(expenseMessages.cannotApproveOwn);
    expect((await h.act('otherManager', claim.id, 'approve')).statusCode).toBe(403);
    expect((await h.send('otherManager', 'GET', `/api/user-expense/${claim.id}`)).statusCode).toBe(403);

    const approved = await h.act('manager', claim.id, 'approve', { note: 'Thanks' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<ExpenseClaimDetail>()).toMatchObject({
      status: 'approved',
      approved_total: 12.5,
      decided_by_name: 'Marta Manning',
    });
    expect((await h.act('manager', claim.id, 'approve')).statusCode).toBe(409);
    const told = await ownerSql<{ description: string }>(
      h.t,
      sql`select description from notifications where relates_to_id = ${claim.id} and user_id = ${h.company.people.employee.id}`,
    );
    expect(told.map((row) => row.description)).toEqual(['Your expense claim of £12.50 was approved.']);
  });

  it('never lets a manager approve their own claim, but the owner may; the badge counts what waits', async () => {
    const before = (await h.send('owner', 'GET', '/api/pending-count')).json<{ user_expense: number }>().user_expense;
    const managers = await h.claim('manager', travelClaim(h.types, 30));
    expect(managers.can_approve).toBe(false);
    expect((await h.act('manager', managers.id, 'approve')).statusCode).toBe(403);
    expect((await h.send('owner', 'GET', '/api/pending-count')).json<{ user_expense: number }>().user_expense).toBe(before + 1);
    expect((await h.act('owner', managers.id, 'approve')).statusCode).toBe(200);
  });

  it('approves in bulk all or nothing', async () => {
    const a = await h.claim('employee', travelClaim(h.types, 5));
    const b = await h.claim('colleague', travelClaim(h.types, 6));
    const own = await h.claim('manager', travelClaim(h.types, 7));
    const refused = await h.send('manager', 'POST', '/api/user-expense/bulk', { action: 'approve', data: { ids: [a.id, own.id] } });
    expect(refused.statusCode).toBe(403);
    expect((await h.send('employee', 'GET', `/api/user-expense/${a.id}`)).json<ExpenseClaimDetail>().status).toBe('submitted');
    const done = await h.send('manager', 'POST', '/api/user-expense/bulk', { action: 'approve', data: { ids: [a.id, b.id] } });
    expect(done.json()).toEqual({ action: 'approve', updated: 2 });
  });
});

describe('deciding', () => {
  it('approves one item in full and reduces another: partly approved, with the amounts', async () => {
    const claim = await h.claim('employee', {
      claim_type: 'expense',
      items: [
        { date: '2026-05-04', expense_type_id: h.types.Travel, description: 'Train', gross: 40 },
        { date: '2026-05-04', expense_type_id: h.types.Travel, description: 'Taxi', gross: 25.5 },
      ],
    });
    const [train, taxi] = claim.items;
    const over = await h.act('manager', claim.id, 'approve', { items: [{ id: taxi?.id, approved_amount: 30 }] });
    expect(over.statusCode).toBe(422);
    const res = await h.act('manager', claim.id, 'approve', { items: [{ id: taxi?.id, approved_amount: 10 }] });
    const detail = res.json<ExpenseClaimDetail>();
    expect(detail.status).toBe('partly_approved');
    expect(detail.approved_total).toBe(50);
    expect(detail.items.map((item) => [item.id, item.approved_amount])).toEqual([
      [train?.id, 40],
      [taxi?.id, 10],
    ]);
  });

  it('needs a reason to reject; the claimant edits and resubmits', async () => {
    const claim = await h.claim('employee', travelClaim(h.types, 80));
    const bare = await h.act('manager', claim.id, 'reject', {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json<{ errors: Record<string, string[]> }>().errors.reason).toBeDefined();
    const rejected = (await h.act('manager', claim.id, 'reject', { reason: 'First class is not allowed.' })).json<ExpenseClaimDetail>();
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'First class is not allowed.', can_edit: false });
    expect((await h.send('employee', 'GET', `/api/user-expense/${claim.id}`)).json<ExpenseClaimDetail>().can_edit).toBe(true);

    const edited = await h.send('employee', 'PUT', `/api/user-expense/${claim.id}`, {
      ...travelClaim(h.types, 45),
      items: [{ ...travelClaim(h.types, 45).items[0], id: claim.items[0]?.id }],
    });
    expect(edited.statusCode).toBe(200);
    const resubmitted = edited.json<ExpenseClaimDetail>();
    expect(resubmitted).toMatchObject({ status: 'submitted', total: 45, reject_reason: null });
    expect(actions(resubmitted)).toEqual(['created', 'submitted', 'rejected', 'edited', 'resubmitted']);
    expect((await h.act('manager', claim.id, 'approve')).json<ExpenseClaimDetail>().status).toBe('approved');
  });

  it('refuses an edit written before the manager decided (offline, another tab), saying what happened; the decision stands', async () => {
    const claim = await h.claim('employee', travelClaim(h.types, 80));
    const edit = (amount: number, seen: string) => ({
      ...travelClaim(h.types, amount),
      seen_status: seen,
      items: [{ ...travelClaim(h.types, amount).items[0], id: claim.items[0]?.id }],
    });
    await h.act('manager', claim.id, 'reject', { reason: 'First class is not allowed.' });
    const late = await h.send('employee', 'PUT', `/api/user-expense/${claim.id}`, edit(60, 'submitted'));
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(expenseMessages.changedMeanwhile('rejected'));
    expect(messageOf(late)).toBe(
      'This claim was rejected before your change arrived, so your change was not saved. Your version is kept: copy from it.',
    );
    const kept = (await h.send('employee', 'GET', `/api/user-expense/${claim.id}`)).json<ExpenseClaimDetail>();
    expect(kept).toMatchObject({ status: 'rejected', total: 80, reject_reason: 'First class is not allowed.' });
    // Written again over what the claimant now sees (the rejection), it goes through.
    const again = await h.send('employee', 'PUT', `/api/user-expense/${claim.id}`, edit(60, 'rejected'));
    expect(again.json<ExpenseClaimDetail>()).toMatchObject({ status: 'submitted', total: 60 });

    await h.act('manager', claim.id, 'approve');
    const afterApproval = await h.send('employee', 'PUT', `/api/user-expense/${claim.id}`, edit(50, 'submitted'));
    expect(afterApproval.statusCode).toBe(409);
    expect(messageOf(afterApproval)).toBe(expenseMessages.changedMeanwhile('approved'));
    expect((await h.send('employee', 'GET', `/api/user-expense/${claim.id}`)).json<ExpenseClaimDetail>()).toMatchObject({
      status: 'approved',
      total: 60,
    });
  });

  it('locks an approved claim, pays it, and locks an exported one; payroll sees it once', async () => {
    const approved = await h.claim('colleague', travelClaim(h.types, 20));
    await h.act('manager', approved.id, 'approve');
    const put = await h.send('colleague', 'PUT', `/api/user-expense/${approved.id}`, travelClaim(h.types, 99));
    expect(put.statusCode).toBe(409);
    expect(messageOf(put)).toBe(expenseMessages.locked);
    expect((await h.send('colleague', 'DELETE', `/api/user-expense/${approved.id}`)).statusCode).toBe(409);
    expect((await h.act('manager', approved.id, 'pay', { pay_date: '2026-05-29' })).statusCode).toBe(403);
    const paid = await h.act('hr', approved.id, 'pay', { pay_date: '2026-05-29' });
    expect(paid.json<ExpenseClaimDetail>()).toMatchObject({ status: 'paid', paid_on: '2026-05-29' });

    const toExport = await h.claim('colleague', travelClaim(h.types, 33));
    await h.act('manager', toExport.id, 'approve');
    const companyId = h.company.companyId;
    const totals = await withTenant(h.t.database.db, companyId, (trx) =>
      expensesForPayroll(trx, { companyId, from: '2000-01-01', to: '2099-12-31' }),
    );
    const colleague = totals.find((row) => row.userId === h.company.people.colleague.id);
    expect(colleague?.claimIds).toContain(toExport.id);
    expect(colleague?.claimIds).not.toContain(approved.id);
    const marked = await withTenant(h.t.database.db, companyId, (trx) =>
      markExpensesExported(trx, {
        companyId,
        claimIds: [toExport.id, approved.id],
        reference: 'May 2026',
        actorId: h.company.people.hr.id,
      }),
    );
    expect(marked).toBe(1);
    const exported = (await h.send('colleague', 'GET', `/api/user-expense/${toExport.id}`)).json<ExpenseClaimDetail>();
    expect(exported.status).toBe('exported');
    expect((await h.send('colleague', 'PUT', `/api/user-expense/${toExport.id}`, travelClaim(h.types, 1))).statusCode).toBe(409);
    const again = await withTenant(h.t.database.db, companyId, (trx) =>
      expensesForPayroll(trx, { companyId, from: '2000-01-01', to: '2099-12-31' }),
    );
    expect(again.find((row) => row.userId === h.company.people.colleague.id)?.claimIds ?? []).not.toContain(toExport.id);
  });

  it('keeps the taxable mileage excess apart when the company pays over HMRC’s rate', async () => {
    expect((await h.send('hr', 'PUT', '/api/expense-settings', { car_rate: 60 })).statusCode).toBe(200);
    const claim = await h.claim('employee', { claim_type: 'mileage', items: [mileageItem('2026-05-01', 100)] });
    expect(claim.items[0]).toMatchObject({ amount: 60, hmrc_amount: 55, taxable_amount: 5 });
    await h.act('manager', claim.id, 'approve');
    const companyId = h.company.companyId;
    const totals = await withTenant(h.t.database.db, companyId, (trx) =>
      expensesForPayroll(trx, { companyId, from: '2000-01-01', to: '2099-12-31' }),
    );
    const ella = totals.find((row) => row.userId === h.company.people.employee.id);
    expect(ella?.taxablePence).toBe(500);
    await h.send('hr', 'PUT', '/api/expense-settings', { car_rate: null });
  });

  it('ITEPA 2003 s. 231: shows the claimant the Mileage Allowance Relief of a tax year when the company pays below HMRC’s rate', async () => {
    // 40p a mile against HMRC's 45p (2025/26): 100 miles paid £40, approved £45, relief £5.
    expect((await h.send('hr', 'PUT', '/api/expense-settings', { car_rate: 40 })).statusCode).toBe(200);
    const claim = await h.claim('employee', { claim_type: 'mileage', items: [mileageItem('2025-06-02', 100)] });
    // Not yet approved: nothing paid in the year, so no relief yet.
    expect(claim.mileage_relief).toEqual([{ tax_year: '2025/26', approved: 0, paid: 0, relief: 0 }]);
    expect((await h.act('manager', claim.id, 'approve')).statusCode).toBe(200);
    const own = (await h.send('employee', 'GET', `/api/user-expense/${claim.id}`)).json<ExpenseClaimDetail>();
    expect(own.mileage_relief).toEqual([{ tax_year: '2025/26', approved: 45, paid: 40, relief: 5 }]);
    // It is the claimant's tax matter: their manager does not see it.
    const managers = (await h.send('manager', 'GET', `/api/user-expense/${claim.id}`)).json<ExpenseClaimDetail>();
    expect(managers.mileage_relief).toEqual([]);
    await h.send('hr', 'PUT', '/api/expense-settings', { car_rate: null });
  });
});

describe('lists, types and the export', () => {
  it('keeps each list to the caller: employees their own, the manager their department', async () => {
    const mine = (await h.send('employee', 'GET', '/api/user-expense?view=mine')).json<{ results: { user: { id: string } }[] }>();
    expect(mine.results.length).toBeGreaterThan(0);
    expect(mine.results.every((row) => row.user.id === h.company.people.employee.id)).toBe(true);
    const office = (await h.send('otherManager', 'GET', '/api/user-expense')).json<{ results: { user: { id: string } }[] }>();
    expect(office.results.some((row) => row.user.id === h.company.people.employee.id)).toBe(false);
    const mileage = (await h.send('owner', 'GET', '/api/user-expense?claim_type=mileage&page=1')).json<{
      results: { claim_type: string }[];
    }>();
    expect(mileage.results.length).toBeGreaterThan(0);
    expect(mileage.results.every((row) => row.claim_type === 'mileage')).toBe(true);
  });

  it('lists expense types by name and lets only company scope change them', async () => {
    const types = (await h.send('employee', 'GET', '/api/expense-type'))
      .json<{ results: ExpenseType[] }>()
      .results.map((type) => type.name);
    expect(types).toEqual(['Accommodation', 'Equipment', 'Subsistence', 'Travel']);
    expect((await h.send('manager', 'POST', '/api/expense-type', { name: 'Books' })).statusCode).toBe(403);
    const made = await h.send('owner', 'POST', '/api/expense-type', { name: 'Books', limit: 40, receipt_required: false });
    expect(made.statusCode).toBe(201);
    expect((await h.send('owner', 'POST', '/api/expense-type', { name: 'books' })).statusCode).toBe(422);
  });

  it('exports the filtered list as CSV and XLSX with the taxable column', async () => {
    const csv = await h.send('owner', 'GET', '/api/user-expense/export?format=csv&claim_type=mileage');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Taxable excess (£)');
    expect(lines.slice(1).every((line) => line.includes('Mileage'))).toBe(true);
    expect(lines.some((line) => line.includes('50 mi × 55p + 50 mi × 25p'))).toBe(true);
    const xlsx = await h.send('owner', 'GET', '/api/user-expense/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
