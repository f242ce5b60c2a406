// The rota and report demo as the seed writes it: rota on, this week and next published for
// the Kitchen and Operations with Ella on Monday to Wednesday, open shifts, a swap waiting for
// Marcus, an Office shift on a day its person is on leave, and reports with something to show (a Bradford trigger crossed); never twice.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '../../../src/shared/reports.contract';
import type { MyRota, RotaGrid, Swap } from '../../../src/modules/rotas/rotas.contract';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { addDays, londonDate, startOfWeek } from '../../../src/shared/dates';
import { bearer, ownerSql } from '../../support/identity-fixtures';
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

describe('the rota and report demo', () => {
  it('has rota on, Ella on Monday to Wednesday this week and next, open shifts and a swap waiting for Marcus', async () => {
    const [settings] = await ownerSql<{ rota_enabled: boolean }>(
      t,
      sql`select s.rota_enabled from company_settings s join users u on u.company_id = s.company_id where u.email = 'employee@demo.test'`,
    );
    expect(settings?.rota_enabled).toBe(true);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/rota/mine', headers: await as('employee@demo.test') })).json<MyRota>();
    expect(mine.shifts).toHaveLength(6);
    expect(mine.shifts.every((s) => s.published && s.department_name === 'Operations')).toBe(true);
    expect(mine.shifts[0]?.colleagues.length).toBeGreaterThan(2);
    expect(mine.open.map((s) => s.role)).toEqual(['Delivery cover']);
    const swaps = (await t.app.inject({ method: 'GET', url: '/api/rota-swaps', headers: await as('manager@demo.test') })).json<{
      results: Swap[];
    }>().results;
    expect(swaps).toEqual([expect.objectContaining({ status: 'accepted', offered_by_name: 'Ella Evans' })]);
    const [kitchen] = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from rota_shifts s join departments d on d.id = s.department_id where d.name = 'Kitchen' and s.published`,
    );
    expect(kitchen?.n).toBeGreaterThan(20);
    // The owner's next week has a shift on a day its person is on leave, to be made open.
    const nextMonday = addDays(startOfWeek(londonDate(new Date())), 7);
    const grid = (
      await t.app.inject({
        method: 'GET',
        url: `/api/rota?from=${nextMonday}&to=${addDays(nextMonday, 6)}`,
        headers: await as('owner@demo.test'),
      })
    ).json<RotaGrid>();
    expect(grid.shifts.filter((s) => s.day_off)).toEqual([
      expect.objectContaining({ role: 'Reception cover', department_name: 'Office', day_off: { kind: 'leave', name: 'Annual leave' } }),
    ]);
    // Never tomorrow, whatever today is: that person's time clock would show it as the shift to clock in for.
    const onLeave = grid.shifts.find((s) => s.day_off);
    expect(londonDate(new Date(onLeave?.start_at ?? 0)) > addDays(londonDate(new Date()), 1)).toBe(true);
  });

  it('gives the reports something to show, and is written once', async () => {
    const today = londonDate(new Date());
    const url = `/api/absence-reports/bradford?from=${addDays(today, -364)}&to=${today}`;
    const bradford = (await t.app.inject({ method: 'GET', url, headers: await as('owner@demo.test') })).json<ReportResult>();
    expect(bradford.rows[0]).toMatchObject({ person: 'Jack Robertson', trigger: '51+' });
    const before = await ownerSql<{ n: number }>(
      t,
      sql`select (select count(*) from rota_shifts) + (select count(*) from user_absences) as n`,
    );
    await seedDemo(t.database.ownerDb);
    const after = await ownerSql<{ n: number }>(
      t,
      sql`select (select count(*) from rota_shifts) + (select count(*) from user_absences) as n`,
    );
    expect(after).toEqual(before);
  });
});
