// The attendance report on real PostgreSQL: the rota's ended, published shifts against the time
// clock — not clocked, late, left early, with the minutes — by person, department and month,
// for the people whose timesheets the caller reads; a shift not yet over, a draft shift and
// another company's shifts are not counted; an employee may not run it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '../../../src/shared/reports.contract';
import { ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let r: RotaHarness;
let other: RotaHarness;

/** A published shift (London times) with, when given, the entry clocked for it. */
async function shift(
  h: RotaHarness,
  who: LeavePerson,
  day: string,
  clocked: { in: string; out: string } | null,
  options: { from?: string; to?: string; published?: boolean } = {},
): Promise<void> {
  const planned = h.shift({ date: day, from: options.from ?? '09:00', to: options.to ?? '17:00', user: who });
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
        values (${h.company.companyId}, ${planned.user_id}, ${planned.department_id}, ${planned.start_at}, ${planned.end_at},
                30, 'Floor', ${options.published ?? true}, now())
        returning id`,
  );
  if (!clocked) return;
  const at = (time: string) => h.shift({ date: day, from: time, to: time, user: who }).start_at;
  await ownerSql(
    t,
    sql`insert into time_clock_entries (company_id, user_id, shift_id, clock_in_at, clock_out_at, worked_minutes)
        values (${h.company.companyId}, ${planned.user_id}, ${row!.id}, ${at(clocked.in)}, ${at(clocked.out)}, 420)`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  r = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Elsewhere Ltd');
  // Ella: on time, 12 minutes late, then not clocked at all; Colin: left 30 minutes early (in March).
  await shift(r, 'employee', '2026-02-02', { in: '08:58', out: '17:01' });
  await shift(r, 'employee', '2026-02-03', { in: '09:12', out: '17:00' });
  await shift(r, 'employee', '2026-02-04', null);
  await shift(r, 'colleague', '2026-03-10', { in: '09:00', out: '16:30' });
  // Oscar (Office): late by 5 minutes; a draft shift of his is not counted.
  await shift(r, 'office', '2026-02-05', { in: '09:05', out: '17:00' });
  await shift(r, 'office', '2026-02-06', null, { published: false });
  // Not over yet: a shift next summer is in the range but has not ended.
  await shift(r, 'employee', '2027-06-01', null);
  await shift(other, 'employee', '2026-02-02', null);
});
afterAll(async () => t.close());

const run = async (h: RotaHarness, who: LeavePerson, query: string) => {
  const res = await h.send(who, 'GET', `/api/absence-reports/attendance?from=2026-01-01&to=2027-12-31${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportResult>();
};

describe('the attendance report', () => {
  it('counts each person’s ended shifts: not clocked, late arrivals and early leavings, with their minutes', async () => {
    const byPerson = await run(r, 'owner', '&group_by=person');
    expect(byPerson.rows).toEqual([
      { group: 'Ella Evans', shifts: 3, clocked: 2, not_clocked: 1, late: 1, late_minutes: 12, early: 0, early_minutes: 0 },
      { group: 'Oscar Oakes', shifts: 1, clocked: 1, not_clocked: 0, late: 1, late_minutes: 5, early: 0, early_minutes: 0 },
      { group: 'Colin Cole', shifts: 1, clocked: 1, not_clocked: 0, late: 0, late_minutes: 0, early: 1, early_minutes: 30 },
    ]);
    expect(byPerson.totals).toMatchObject({ shifts: 5, not_clocked: 1, late: 2, late_minutes: 17, early: 1, early_minutes: 30 });
    expect(byPerson.chart?.series.map((series) => series.label)).toEqual(['Not clocked', 'Late arrivals', 'Left early']);
  });

  it('groups by department and by month', async () => {
    const byDepartment = await run(r, 'owner', '&group_by=department');
    expect(byDepartment.rows.map((row) => [row.group, row.shifts, row.late])).toEqual([
      ['Operations', 4, 1],
      ['Office', 1, 1],
    ]);
    const byMonth = await run(r, 'owner', '&group_by=month');
    expect(byMonth.rows.map((row) => [row.group, row.shifts])).toEqual([
      ['2026-02', 4],
      ['2026-03', 1],
    ]);
  });

  it('covers a manager’s departments only, and is refused to an employee', async () => {
    const operations = await run(r, 'manager', '&group_by=person');
    expect(operations.rows.map((row) => row.group)).toEqual(['Ella Evans', 'Colin Cole']);
    expect((await r.send('employee', 'GET', '/api/absence-reports/attendance?from=2026-01-01&to=2026-12-31')).statusCode).toBe(403);
    const elsewhere = await run(other, 'owner', '');
    expect(elsewhere.totals).toMatchObject({ shifts: 1, not_clocked: 1 });
  });
});
