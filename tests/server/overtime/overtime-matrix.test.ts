// The permission and tenant matrix of overtime and payroll routes: each route called by each
// caller (owner, HR admin, Ella's line manager Marta, Otto who manages another department, Ella
// herself, her colleague Colin, another company's owner) with the status each must get; and
// no answer to the other company ever naming this company's people or reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addOvertimeCompany, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

type Caller = 'owner' | 'hr' | 'manager' | 'otherManager' | 'employee' | 'colleague' | 'otherOwner';
type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object };
type Row = { route: string; call: () => Promise<Call> | Call; expect: Record<Caller, number> };

let t: TestApp;
let c: OvertimeCompany;
let other: OvertimeCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  c = await addOvertimeCompany(t);
  other = await addOvertimeCompany(t, { name: 'Other Ltd' });
});
afterAll(async () => t.close());

const CALLERS: Caller[] = ['owner', 'hr', 'manager', 'otherManager', 'employee', 'colleague', 'otherOwner'];
const ellasReport = async () => (await c.reported('employee', { hours: 1 })).id;
/** Ella's report: hers, her line manager's and the company's; another department's manager and a colleague are refused; another company cannot find it. */
const ellas = (ok: number, overrides: Partial<Record<Caller, number>> = {}): Record<Caller, number> => ({
  owner: ok,
  hr: ok,
  manager: ok,
  otherManager: 403,
  employee: ok,
  colleague: 403,
  otherOwner: 404,
  ...overrides,
});
const companyOnly = (ok: number): Record<Caller, number> => ({
  owner: ok,
  hr: ok,
  manager: 403,
  otherManager: 403,
  employee: 403,
  colleague: 403,
  otherOwner: ok,
});

const MATRIX: Row[] = [
  {
    route: 'GET /api/user-overtime',
    call: () => ({ method: 'GET', url: '/api/user-overtime' }),
    expect: ellas(200, { otherManager: 200, colleague: 200, otherOwner: 200 }),
  },
  {
    route: 'GET /api/user-overtime/:id',
    call: async () => ({ method: 'GET', url: `/api/user-overtime/${await ellasReport()}` }),
    expect: ellas(200),
  },
  {
    route: 'POST /api/user-overtime (for Ella)',
    call: () => ({
      method: 'POST',
      url: '/api/user-overtime',
      payload: {
        user_id: c.people.employee.id,
        date: new Date().toISOString().slice(0, 10),
        hours: 1,
        reason: 'Matrix',
        compensation: 'toil',
      },
    }),
    // Another company's owner names someone who is not theirs.
    expect: ellas(201, { otherOwner: 422 }),
  },
  {
    route: 'POST /api/user-overtime/:id/approve',
    call: async () => ({ method: 'POST', url: `/api/user-overtime/${await ellasReport()}/approve`, payload: {} }),
    expect: ellas(200, { employee: 403 }),
  },
  {
    route: 'POST /api/user-overtime/:id/decline',
    call: async () => ({ method: 'POST', url: `/api/user-overtime/${await ellasReport()}/decline`, payload: { reason: 'No' } }),
    expect: ellas(200, { employee: 403 }),
  },
  {
    route: 'POST /api/user-overtime/:id/cancel',
    call: async () => ({ method: 'POST', url: `/api/user-overtime/${await ellasReport()}/cancel`, payload: {} }),
    expect: ellas(403, { employee: 200 }),
  },
  {
    route: 'GET /api/overtime-allowance',
    call: () => ({ method: 'GET', url: `/api/overtime-allowance?user_id=${c.people.employee.id}` }),
    expect: ellas(200),
  },
  { route: 'GET /api/overtime-people', call: () => ({ method: 'GET', url: '/api/overtime-people?search=Ella' }), expect: companyOnly(200) },
  { route: 'GET /api/overtime-settings', call: () => ({ method: 'GET', url: '/api/overtime-settings' }), expect: companyOnly(200) },
  {
    route: 'PUT /api/overtime-settings',
    call: () => ({ method: 'PUT', url: '/api/overtime-settings', payload: { toil_expiry_months: 6, rates: [] } }),
    expect: companyOnly(200),
  },
  { route: 'GET /api/payroll-period', call: () => ({ method: 'GET', url: '/api/payroll-period' }), expect: companyOnly(200) },
  { route: 'GET /api/payroll-settings', call: () => ({ method: 'GET', url: '/api/payroll-settings' }), expect: companyOnly(200) },
  {
    route: 'PUT /api/payroll-settings',
    call: () => ({
      method: 'PUT',
      url: '/api/payroll-settings',
      payload: { frequency: 'monthly', first_period_start: '2026-01-01', payroll_contact_email: null },
    }),
    expect: companyOnly(200),
  },
];

describe('the overtime and payroll matrix', () => {
  it.each(MATRIX)('$route', async (row) => {
    const problems: string[] = [];
    for (const caller of CALLERS) {
      const call = await row.call();
      const who: LeavePerson = caller === 'otherOwner' ? 'owner' : caller;
      const company = caller === 'otherOwner' ? other : c;
      const res = await company.send(who, call.method, call.url, call.payload);
      if (res.statusCode !== row.expect[caller])
        problems.push(`${caller}: ${res.statusCode}, expected ${row.expect[caller]} (${res.body.slice(0, 120)})`);
      if (caller === 'otherOwner') {
        for (const id of [c.companyId, ...Object.values(c.people).map((p) => p.id)]) {
          if (res.body.includes(id)) problems.push(`${caller} sees ${id}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps another company’s reports out of the list and the counts', async () => {
    await c.reported('employee', { hours: 2 });
    const list = await other.send('owner', 'GET', '/api/user-overtime?view=to_approve');
    expect(list.json<{ count: number }>().count).toBe(0);
    const counts = await other.send('owner', 'GET', '/api/pending-count');
    expect(counts.json<{ user_overtime: number }>().user_overtime).toBe(0);
  });
});
