// A person added through POST /api/user-basic (the Add employee form) gets the company's
// default absence policy and a leave year pro-rata from their start date, so they can ask for
// leave at once; and the team timeline shows them while their invitation is pending.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsencePeriod } from '../../../src/modules/leave/leave-balances.contract';
import type { Timeline } from '../../../src/modules/leave/leave-insights.contract';
import { addDays, londonDate } from '../../../src/shared/dates';
import type { ListResponse } from '../../../src/shared/list';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
});
afterAll(async () => t.close());

async function addEmployee(payload: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user-basic', headers: bearer(await acme.token('owner')), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function currentYear(userId: string): Promise<AbsencePeriod | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user-absence-period?user_id=${userId}&current_only=1`,
    headers: bearer(await acme.token('owner')),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<AbsencePeriod>>().results[0];
}

describe('a new person', () => {
  it('gets the default policy and a pro-rata leave year from their start date', async () => {
    const today = londonDate(new Date());
    const starter = await addEmployee({ first_name: 'Sam', surname: 'Starter', email: 'sam.starter@acme.test', start_date: today });
    const veteran = await addEmployee({ first_name: 'Val', surname: 'Veteran', email: 'val.veteran@acme.test', start_date: '2015-01-05' });
    const policies = await ownerSql<{ user_id: string; template_id: string }>(
      t,
      sql`select user_id, template_id from user_absence_policies where user_id in (${starter}, ${veteran})`,
    );
    expect(policies).toHaveLength(2);
    for (const row of policies) expect(row.template_id).toBe(acme.statutoryTemplateId);

    const annual = async (userId: string) =>
      (await currentYear(userId))?.values.find((value) => value.leave_type.key === 'annual_leave')?.entitlement ?? -1;
    const full = await annual(veteran);
    const proRata = await annual(starter);
    expect(full).toBeGreaterThan(0);
    // Unless today is the leave year's first day, a starter's share is smaller.
    const year = await currentYear(starter);
    if (year && year.start_date !== today) expect(proRata).toBeLessThan(full);
    expect(proRata).toBeGreaterThan(0);
  });

  it('shows on the team timeline while still pending', async () => {
    const id = await addEmployee({ first_name: 'Pat', surname: 'Pending', email: 'pat.pending@acme.test' });
    const [status] = await ownerSql<{ status: string }>(t, sql`select status from users where id = ${id}`);
    expect(['pending', 'invited']).toContain(status!.status);
    const from = londonDate(new Date());
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/absence-timeline?from=${from}&to=${addDays(from, 6)}`,
      headers: bearer(await acme.token('owner')),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Timeline>().people.map((person) => person.id)).toContain(id);
  });
});
