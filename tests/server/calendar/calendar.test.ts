// The calendar through the API: own and (by scope) the team's absences, shifts, bank holidays
// of the viewer's region and the company's closure days; filters by kind and department;
// another company's entries never shown; bad ranges refused with a 422.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarAnswer } from '../../../src/shared/calendar.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { leaveTypeId } from '../../support/leave-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let h: RotaHarness;
let other: RotaHarness;
const range = 'from=2026-12-21&to=2026-12-31';

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  h = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Other Ltd');
  for (const [company, who] of [
    [h, 'employee'],
    [h, 'colleague'],
    [h, 'office'],
    [other, 'employee'],
  ] as const) {
    const typeId = await leaveTypeId(t, company.company.companyId, 'annual_leave');
    await ownerSql(
      t,
      sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
          values (${company.company.companyId}, ${company.company.people[who].id}, ${typeId}, '2026-12-29', '2026-12-30', 'days', 'approved')`,
    );
  }
  await ownerSql(
    t,
    sql`insert into company_bank_holidays (company_id, date, name) values (${h.company.companyId}, '2026-12-24', 'Christmas Eve (closed)')`,
  );
  await h.send('manager', 'POST', '/api/rota', h.shift({ date: '2026-12-23', from: '09:00', to: '17:00' }));
  await h.send('manager', 'POST', '/api/rota', h.shift({ date: '2026-12-22', from: '09:00', to: '17:00', user: 'colleague' }));
  await h.send(
    'owner',
    'POST',
    '/api/rota',
    h.shift({ date: '2026-12-22', from: '08:00', to: '12:00', user: 'office', department: 'Office' }),
  );
  await h.send('owner', 'POST', '/api/rota/publish', { from: '2026-12-21', to: '2026-12-27' });
  // A draft is nobody's business on the calendar yet.
  await h.send('manager', 'POST', '/api/rota', h.shift({ date: '2026-12-24', from: '09:00', to: '13:00', user: 'colleague' }));
  await other.send('owner', 'POST', '/api/rota', other.shift({ date: '2026-12-22', from: '09:00', to: '17:00' }));
  await other.send('owner', 'POST', '/api/rota/publish', { from: '2026-12-21', to: '2026-12-27' });
});
afterAll(async () => t.close());

const calendar = async (harness: RotaHarness, who: Parameters<RotaHarness['send']>[0], query = '') =>
  (await harness.send(who, 'GET', `/api/calendar-events?${range}${query}`)).json<CalendarAnswer>();
const titles = (answer: CalendarAnswer, kind: string) => answer.entries.filter((e) => e.kind === kind).map((e) => e.title);

describe('the calendar', () => {
  it("shows an employee their own absences and shifts, their region's bank holidays and the closure days", async () => {
    const mine = await calendar(h, 'employee');
    expect(mine.kinds.map((k) => k.kind)).toEqual([
      'hr_task',
      'hs_task',
      'signature',
      'shift',
      'clocked',
      'absence',
      'bank_holiday',
      'closure',
    ]);
    expect(titles(mine, 'absence')).toEqual(['Ella Evans: Annual leave']);
    expect(titles(mine, 'shift')).toEqual(['Ella Evans: Floor']);
    expect(mine.entries.find((e) => e.kind === 'shift')).toMatchObject({ start_date: '2026-12-23', start_at: '2026-12-23T09:00:00.000Z' });
    expect(titles(mine, 'bank_holiday')).toEqual(['Christmas Day', 'Boxing Day (substitute day)']);
    expect(titles(mine, 'closure')).toEqual(['Christmas Eve (closed)']);
    expect(titles(await calendar(h, 'employee', '&kind=closure'), 'absence')).toEqual([]);
  });

  it("shows a manager their departments' absences and an owner everyone's, never another company's", async () => {
    expect(titles(await calendar(h, 'manager'), 'absence').sort()).toEqual(['Colin Cole: Annual leave', 'Ella Evans: Annual leave']);
    expect(titles(await calendar(h, 'owner'), 'absence')).toHaveLength(3);
    expect(titles(await calendar(h, 'owner', `&department_id=${h.company.departments.Office}`), 'absence')).toEqual([
      'Oscar Oakes: Annual leave',
    ]);
    const theirs = await calendar(other, 'owner');
    expect(titles(theirs, 'absence')).toEqual(['Ella Evans: Annual leave']);
    expect(titles(theirs, 'closure')).toEqual([]);
    expect(titles(theirs, 'shift')).toEqual(['Ella Evans: Floor']);
  });

  it("shows a manager the published shifts of the people they manage, an owner the company's, never another company's", async () => {
    const shifts = async (who: Parameters<RotaHarness['send']>[0], query = '') =>
      (await calendar(h, who, query)).entries.filter((e) => e.kind === 'shift').map((e) => `${e.start_date} ${e.title}`);
    expect(await shifts('manager')).toEqual(['2026-12-22 Colin Cole: Floor', '2026-12-23 Ella Evans: Floor']);
    expect(await shifts('otherManager')).toEqual(['2026-12-22 Oscar Oakes: Floor']);
    expect(await shifts('owner')).toEqual([
      '2026-12-22 Oscar Oakes: Floor',
      '2026-12-22 Colin Cole: Floor',
      '2026-12-23 Ella Evans: Floor',
    ]);
    expect(await shifts('hr')).toHaveLength(3);
    expect(await shifts('owner', `&department_id=${h.company.departments.Office}`)).toEqual(['2026-12-22 Oscar Oakes: Floor']);
    expect(await shifts('colleague')).toEqual(['2026-12-22 Colin Cole: Floor']);
    // The Shifts filter: asking for other kinds leaves them out.
    expect(await shifts('owner', '&kind=absence')).toEqual([]);
    // Another company's manager asking for this company's department sees nothing of it.
    const foreign = await calendar(other, 'owner', `&department_id=${h.company.departments.Operations}`);
    expect(foreign.entries.filter((e) => e.kind === 'shift')).toEqual([]);
  });

  it('refuses ranges that are not dates or too long', async () => {
    for (const query of [
      'from=2026-12-31&to=2026-12-01',
      'from=x&to=y',
      'from=2026-01-01&to=2026-12-31',
      'from=2026-01-01&to=2026-01-02&kind=DROP',
    ]) {
      expect((await h.send('employee', 'GET', `/api/calendar-events?${query}`)).statusCode).toBe(422);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar-events?${range}` })).statusCode).toBe(401);
  });
});
