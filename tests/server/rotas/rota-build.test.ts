// Building and publishing rotas through the API: scopes, the working-time checks with their
// override, publishing (each person told once, again after a change), another company's
// shift not found.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RotaGrid, ShiftSaved } from '../../../src/modules/rotas/rotas.contract';
import { addDays, londonDate, startOfWeek } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let h: RotaHarness;
let other: RotaHarness;
const monday = addDays(startOfWeek(londonDate(new Date())), 14);
const week = { from: monday, to: addDays(monday, 6) };

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  h = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Other Ltd');
});
afterAll(async () => t.close());

const grid = async (who: Parameters<RotaHarness['send']>[0], harness = h) =>
  (await harness.send(who, 'GET', `/api/rota?from=${week.from}&to=${week.to}`)).json<RotaGrid>();

describe('building a rota', () => {
  it('lets a manager build for their own department only; employees may not build', async () => {
    const created = await h.send('manager', 'POST', '/api/rota', h.shift({ date: monday, from: '09:00', to: '17:00' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<ShiftSaved>().shift).toMatchObject({ user_name: 'Ella Evans', published: false, break_minutes: 30 });
    expect(
      (
        await h.send(
          'manager',
          'POST',
          '/api/rota',
          h.shift({ date: monday, from: '09:00', to: '17:00', user: 'office', department: 'Office' }),
        )
      ).statusCode,
    ).toBe(403);
    const outsider = await h.send('manager', 'POST', '/api/rota', h.shift({ date: monday, from: '09:00', to: '17:00', user: 'office' }));
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json<{ errors: Record<string, string[]> }>().errors.user_id).toEqual(['This person is not in your departments.']);
    expect((await h.send('employee', 'POST', '/api/rota', h.shift({ date: monday, from: '09:00', to: '17:00' }))).statusCode).toBe(403);
    // The Office manager sees nothing of Operations' drafts.
    expect((await grid('otherManager')).shifts).toEqual([]);
    expect((await grid('manager')).people.map((p) => p.name)).toEqual(expect.arrayContaining(['Ella Evans', 'Colin Cole']));
  });

  it('shows the working-time warnings and needs a reason to override them', async () => {
    const night = await h.send(
      'manager',
      'POST',
      '/api/rota',
      h.shift({ date: addDays(monday, 1), from: '22:00', to: '06:00', user: 'colleague' }),
    );
    expect(night.statusCode, night.body).toBe(201);
    const draft = h.shift({ date: addDays(monday, 2), from: '14:00', to: '20:00', user: 'colleague' });
    const check = await h.send('manager', 'POST', '/api/rota/check', draft);
    expect(check.json()).toEqual({ findings: [expect.objectContaining({ code: 'short_rest', severity: 'warning' })] });
    const refused = await h.send('manager', 'POST', '/api/rota', draft);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.override_reason?.[0]).toBe(
      'Give a reason to go ahead despite the warnings.',
    );
    const overridden = await h.send('manager', 'POST', '/api/rota', { ...draft, override_reason: 'Short-staffed: agreed with Colin' });
    expect(overridden.statusCode).toBe(201);
    expect(overridden.json<ShiftSaved>().shift.override_reason).toBe('Short-staffed: agreed with Colin');
  });

  it('stops a worker under 18 working over 8 hours whatever the reason', async () => {
    await ownerSql(
      t,
      sql`insert into user_personal_details (user_id, company_id, date_of_birth) values (${h.company.people.colleague.id}, ${h.company.companyId}, ${addDays(monday, -365 * 17)})
      on conflict (user_id) do update set date_of_birth = excluded.date_of_birth`,
    );
    const long = await h.send('manager', 'POST', '/api/rota', {
      ...h.shift({ date: addDays(monday, 4), from: '08:00', to: '18:00', user: 'colleague' }),
      override_reason: 'Busy day',
    });
    expect(long.statusCode).toBe(422);
    expect(long.json<{ message: string }>().message).toContain('workers under 18 may work at most 8');
    await ownerSql(t, sql`delete from user_personal_details where user_id = ${h.company.people.colleague.id}`);
  });

  it('publishes the range: employees then see it, and each person is told once, and again after a change', async () => {
    expect((await grid('employee')).shifts).toEqual([]);
    await h.send('manager', 'POST', '/api/rota', h.shift({ date: addDays(monday, 1), from: '09:00', to: '13:00', break_minutes: 0 }));
    const published = await h.send('manager', 'POST', '/api/rota/publish', week);
    expect(published.json()).toEqual({ published: 4, notified: 2 });
    const seen = await grid('employee');
    expect(seen.may_build).toBe(false);
    expect(seen.shifts.every((s) => s.published)).toBe(true);
    expect(seen.shifts.length).toBe(4);
    const notes = await ownerSql<{ description: string }>(
      t,
      sql`select description from notifications where user_id = ${h.company.people.employee.id} and relates_to = 'rota'`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.description).toContain('2 new or changed shifts');
    const mails = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from outbox_email where template = 'rota_published' and company_id = ${h.company.companyId}`,
    );
    expect(mails[0]?.n).toBe(2);
    expect((await h.send('manager', 'POST', '/api/rota/publish', week)).json()).toEqual({ published: 0, notified: 0 });

    const first = seen.shifts.find((s) => s.user_name === 'Ella Evans')!;
    const moved = await h.send('manager', 'PUT', `/api/rota/${first.id}`, {
      ...h.shift({ date: addDays(monday, 3), from: '10:00', to: '18:00' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ShiftSaved>().shift.changed_after_publish).toBe(true);
    expect((await h.send('manager', 'POST', '/api/rota/publish', week)).json()).toEqual({ published: 1, notified: 1 });
  });

  it("treats another company's shift as not there", async () => {
    const mine = (await grid('manager')).shifts[0]!;
    const body = other.shift({ date: monday, from: '09:00', to: '17:00' });
    expect((await other.send('owner', 'PUT', `/api/rota/${mine.id}`, body)).statusCode).toBe(404);
    expect((await other.send('owner', 'DELETE', `/api/rota/${mine.id}`)).statusCode).toBe(404);
    expect((await other.send('employee', 'POST', `/api/rota/${mine.id}/claim`)).statusCode).toBe(404);
    expect((await grid('owner', other)).shifts).toEqual([]);
    // A department of another company is out of reach even for an owner.
    const foreign = await other.send('owner', 'POST', '/api/rota', { ...body, department_id: h.company.departments.Operations });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
  });

  it("records a person's opt-out of the 48-hour average, for a manager's own departments only", async () => {
    expect(
      (await h.send('manager', 'PUT', `/api/rota-opt-out/${h.company.people.office.id}`, { working_time_opt_out: true })).statusCode,
    ).toBe(403);
    expect(
      (await h.send('employee', 'PUT', `/api/rota-opt-out/${h.company.people.employee.id}`, { working_time_opt_out: true })).statusCode,
    ).toBe(403);
    expect(
      (await h.send('manager', 'PUT', `/api/rota-opt-out/${h.company.people.colleague.id}`, { working_time_opt_out: 'yes' })).statusCode,
    ).toBe(422);
    expect(
      (await h.send('manager', 'PUT', `/api/rota-opt-out/${h.company.people.colleague.id}`, { working_time_opt_out: true })).statusCode,
    ).toBe(200);
    const people = (await grid('manager')).people;
    expect(people.find((p) => p.name === 'Colin Cole')?.working_time_opt_out).toBe(true);
    expect(people.find((p) => p.name === 'Ella Evans')?.working_time_opt_out).toBe(false);
  });

  it('copies a week as drafts, keeping the London times', async () => {
    const res = await h.send('manager', 'POST', '/api/rota/copy-week', {
      from_week: monday,
      to_week: addDays(monday, 7),
      department_id: h.company.departments.Operations,
    });
    expect(res.json<{ copied: number }>().copied).toBe(4);
    const next = (await h.send('manager', 'GET', `/api/rota?from=${addDays(monday, 7)}&to=${addDays(monday, 13)}`)).json<RotaGrid>();
    expect(next.shifts.every((s) => !s.published)).toBe(true);
    expect(next.shifts).toHaveLength(4);
  });
});
