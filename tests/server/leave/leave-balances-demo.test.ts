// The leave demo as the seed writes it: everyone on the default policy with this
// year open, Ella's 17 days on Monday to Wednesday, every balance equal to the sum of its logs,
// two requests waiting for Marcus, Ella's self-certification waiting for her; never twice.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsenceDetail } from '../../../src/modules/leave/absences.contract';
import type { AbsencePeriod } from '../../../src/modules/leave/leave-balances.contract';
import type { ReturnToWorkItem } from '../../../src/modules/leave/return-to-work.contract';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import type { ListResponse } from '../../../src/shared/list';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
});
afterAll(async () => t.close());

async function as(email: string) {
  let token = tokens.get(email);
  if (!token) {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json<{ auth_token: string }>().auth_token;
    tokens.set(email, token);
  }
  return bearer(token);
}
const userId = async (email: string) => (await ownerSql<{ id: string }>(t, sql`select id from users where email = ${email}`))[0]!.id;

describe('the leave demo', () => {
  it('gives Ella (Monday to Wednesday) 17 days this year', async () => {
    const ella = await userId('employee@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user-absence-period?user_id=${ella}&current_only=1`,
      headers: await as('employee@demo.test'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const annual = res.json<ListResponse<AbsencePeriod>>().results[0]?.values.find((value) => value.leave_type.key === 'annual_leave');
    expect(annual?.entitlement).toBe(17);
  });

  it('shows Statutory Sick Pay on Ella’s sickness: three qualifying days from her entered earnings', async () => {
    const ella = await userId('employee@demo.test');
    const [sickness] = await ownerSql<{ id: string }>(
      t,
      sql`select a.id from user_absences a join leave_types t on t.id = a.leave_type_id where a.user_id = ${ella} and t.key = 'sickness'`,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/user-absence/${sickness!.id}`, headers: await as('owner@demo.test') });
    expect(res.statusCode, res.body).toBe(200);
    const sickPay = res.json<AbsenceDetail>().sick_pay;
    // The demo's sickness is dated from today; a day in a tax year whose rate is not yet recorded
    // (ssp-rates.data.ts) shows no amount and the absence says why, never a guessed rate.
    const paid = sickPay?.days.filter((day) => day.status === 'paid') ?? [];
    const missing = sickPay?.days.filter((day) => day.status === 'rate_missing') ?? [];
    expect(paid.length + missing.length).toBe(3);
    expect(sickPay?.paid_days).toBe(paid.length);
    if (paid.length > 0) expect(sickPay?.amount).toBeGreaterThan(0);
    if (missing.length > 0) expect(sickPay?.notes.join(' ')).toContain('is not recorded in Stafflane yet');
  });

  it('opens this year for every active person, and every balance is the sum of its logs', async () => {
    const [{ people, periods }] = (await ownerSql<{ people: number; periods: number }>(
      t,
      sql`select (select count(*) from users u join companies c on c.id = u.company_id where c.name = 'Demo Ltd' and u.status = 'active')::int as people,
                 (select count(distinct p.user_id) from user_absence_periods p join companies c on c.id = p.company_id
                   where c.name = 'Demo Ltd' and p.start_date <= current_date and p.end_date >= current_date)::int as periods`,
    )) as [{ people: number; periods: number }];
    expect(periods).toBe(people);
    const mismatched = await ownerSql(
      t,
      sql`select v.id from user_absence_period_values v
          where v.balance <> coalesce((select sum(l.change) from user_absence_period_value_logs l where l.value_id = v.id), 0)`,
    );
    expect(mismatched).toEqual([]);
    const approved = await ownerSql<{ count: number }>(
      t,
      sql`select count(*)::int as count from user_absences a join leave_types lt on lt.id = a.leave_type_id where lt.key = 'annual_leave' and a.status = 'approved'`,
    );
    expect(approved[0]!.count).toBeGreaterThanOrEqual(2);
  });

  it('has two requests in Operations waiting for Marcus', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user-absence?status=needApproval&show_relevant_to_me=1',
      headers: await as('manager@demo.test'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const waiting = res.json<ListResponse<{ user: { department_name: string | null } }>>().results;
    expect(waiting).toHaveLength(2);
    expect(waiting.every((absence) => absence.user.department_name === 'Operations')).toBe(true);
  });

  it('has Ella’s self-certification for her three days off sick waiting for her', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/return-to-work', headers: await as('employee@demo.test') });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json<ListResponse<ReturnToWorkItem>>().results;
    expect(item).toMatchObject({ kind: 'self_certification', status: 'awaiting_employee', calendar_days: 3 });
  });

  it('is written once', async () => {
    const count = async () => (await ownerSql<{ count: number }>(t, sql`select count(*)::int as count from user_absences`))[0]!.count;
    const before = await count();
    expect((await seedDemo(t.database.ownerDb)).created).toBe(false);
    expect(await count()).toBe(before);
  });
});
