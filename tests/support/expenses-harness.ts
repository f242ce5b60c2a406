// Helpers of the expenses suites: the leave company's people (Marta manages Operations and is
// Ella's line manager; Otto manages Office), claims sent as one of them, and the company's
// expense types by name.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { ExpenseClaimDetail } from '../../src/modules/expenses/expenses.contract';
import { bearer, ownerSql } from './identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from './leave-fixtures';
import { createTestApp, type TestApp } from './test-app';

export type ExpenseHarness = {
  t: TestApp;
  company: LeaveCompany;
  types: Record<'Travel' | 'Subsistence' | 'Accommodation' | 'Equipment', string>;
  send: (who: LeavePerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  /** A claim that must be accepted: its detail. */
  claim: (who: LeavePerson, body: object) => Promise<ExpenseClaimDetail>;
  act: (who: LeavePerson, id: string, action: string, body?: object) => Promise<LightMyRequestResponse>;
};

export async function startExpenseHarness(t?: TestApp): Promise<ExpenseHarness> {
  const app = t ?? (await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } }));
  const company = await addLeaveCompany(app, { assignPolicy: false });
  const rows = await ownerSql<{ id: string; name: string }>(
    app,
    sql`select id, name from expense_types where company_id = ${company.companyId}`,
  );
  const types = Object.fromEntries(rows.map((row) => [row.name, row.id])) as ExpenseHarness['types'];
  const send: ExpenseHarness['send'] = async (who, method, url, payload) =>
    app.app.inject({
      method,
      url,
      headers: bearer(await company.token(who)),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const claim = async (who: LeavePerson, body: object) => {
    const res = await send(who, 'POST', '/api/user-expense', body);
    if (res.statusCode !== 201) throw new Error(`claim refused: ${res.statusCode} ${res.body}`);
    return res.json<ExpenseClaimDetail>();
  };
  const act = (who: LeavePerson, id: string, action: string, body: object = {}) =>
    send(who, 'POST', `/api/user-expense/${id}/${action}`, body);
  return { t: app, company, types, send, claim, act };
}

/** A travel claim (no receipt needed) of one item. */
export const travelClaim = (types: ExpenseHarness['types'], gross = 12.5, extra: object = {}) => ({
  claim_type: 'expense',
  description: 'Client visit',
  items: [{ date: '2026-05-04', expense_type_id: types.Travel, description: 'Train ticket', gross, supplier: 'Northern', ...extra }],
});

export const mileageItem = (date: string, miles: number, extra: object = {}) => ({
  date,
  miles,
  vehicle: 'car',
  passengers: 0,
  from: 'Office',
  to: 'Client',
  purpose: 'Meeting',
  ...extra,
});
