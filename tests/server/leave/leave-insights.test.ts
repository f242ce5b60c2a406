// Insights: who is at work and what each role may know about who is away, the team
// timeline's data (absences, shaded bank holidays by region, blocked dates), the Bradford
// factor, and the calendar feed of the people someone approves.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankHolidayMap } from '../../../src/modules/leave/bank-holidays';
import type { BradfordFactor, Timeline, WhoAtWork } from '../../../src/modules/leave/leave-insights.contract';
import { addDays, londonDate, startOfWeek } from '../../../src/shared/dates';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
  other = await addLeaveCompany(t, { name: 'Other' });
});
afterAll(async () => t.close());

type AbsenceSpec = {
  start: string;
  end: string | null;
  type?: string;
  status?: string;
  duration?: 'days' | 'half_day';
  part?: string | null;
};
async function addAbsence(company: LeaveCompany, person: LeavePerson, spec: AbsenceSpec) {
  const typeId = await leaveTypeId(t, company.companyId, spec.type ?? 'annual_leave');
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, half_day_part, status, notes)
        values (${company.companyId}, ${company.people[person].id}, ${typeId}, ${spec.start}, ${spec.end}, ${spec.duration ?? 'days'},
                ${spec.part ?? null}, ${spec.status ?? 'approved'}, 'private note') returning id`,
  );
  return row!.id;
}

async function get<T>(company: LeaveCompany, person: LeavePerson, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(await company.token(person)) });
  return { status: res.statusCode, body: res.json<T>() };
}

describe("who's at work", () => {
  const day = '2026-03-04';
  beforeAll(async () => {
    await addAbsence(acme, 'employee', { start: '2026-03-02', end: '2026-03-06' });
    await addAbsence(acme, 'office', { start: '2026-03-03', end: null, type: 'sickness' });
    await addAbsence(acme, 'colleague', { start: '2026-03-04', end: '2026-03-04', status: 'pending' });
    await addAbsence(acme, 'manager', { start: day, end: day, duration: 'half_day', part: 'morning' });
    await addAbsence(acme, 'hr', { start: day, end: day, status: 'declined' });
  });

  it('counts the employed and takes out those away all day (approved, or sick until back)', async () => {
    const { status, body } = await get<WhoAtWork>(acme, 'owner', `/api/who-at-work?date=${day}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ date: day, active_count: 7, at_work_count: 5 });
    expect(body.absent.map((entry) => [entry.name, entry.leave_type?.name]).sort()).toEqual([
      ['Ella Evans', 'Annual leave'],
      ['Marta Manning', 'Annual leave'],
      ['Oscar Oakes', 'Sickness'],
    ]);
  });

  it('shows a manager the leave type of their department only, and nothing of others', async () => {
    const { body } = await get<WhoAtWork>(acme, 'manager', `/api/who-at-work?date=${day}`);
    expect(body.absent.map((entry) => [entry.name, entry.leave_type?.name ?? null]).sort()).toEqual([
      ['Ella Evans', 'Annual leave'],
      ['Marta Manning', 'Annual leave'],
    ]);
    expect(body.active_count).toBe(7);
  });

  it('shows an employee their department colleagues without the leave type', async () => {
    const colleague = await get<WhoAtWork>(acme, 'colleague', `/api/who-at-work?date=${day}`);
    expect(colleague.body.absent.map((entry) => [entry.name, entry.leave_type]).sort()).toEqual([
      ['Ella Evans', null],
      ['Marta Manning', null],
    ]);
    const office = await get<WhoAtWork>(acme, 'office', `/api/who-at-work?date=${day}`);
    expect(office.body.absent.map((entry) => [entry.name, entry.leave_type?.name])).toEqual([['Oscar Oakes', 'Sickness']]);
  });

  it('narrows to a department, refuses a bad date and keeps to the company', async () => {
    const operations = acme.departments.Operations!;
    const { body } = await get<WhoAtWork>(acme, 'owner', `/api/who-at-work?date=${day}&department_id=${operations}`);
    expect(body).toMatchObject({ active_count: 3, at_work_count: 2 });
    expect((await get(acme, 'owner', '/api/who-at-work?date=2026-02-30')).status).toBe(422);
    const foreign = await get<WhoAtWork>(other, 'owner', `/api/who-at-work?date=${day}`);
    expect(foreign.body).toMatchObject({ active_count: 7, at_work_count: 7, absent: [] });
  });
});

describe('the timeline', () => {
  beforeAll(async () => {
    const [location] = await ownerSql<{ id: string }>(
      t,
      sql`insert into company_locations (company_id, name, bank_holiday_region) values (${acme.companyId}, 'Glasgow', 'scotland') returning id`,
    );
    await ownerSql(t, sql`update users set location_id = ${location!.id} where id = ${acme.people.office.id}`);
    await ownerSql(
      t,
      sql`insert into company_bank_holidays (company_id, date, name) values (${acme.companyId}, '2025-12-24', 'Christmas Eve')`,
    );
    await ownerSql(
      t,
      sql`insert into blocked_date_periods (company_id, name, start_date, end_date) values (${acme.companyId}, 'Stocktake', '2025-11-27', '2025-11-28')`,
    );
    await addAbsence(acme, 'employee', { start: '2025-11-26', end: '2025-11-28' });
    await addAbsence(acme, 'office', { start: '2025-12-01', end: '2025-12-02', type: 'sickness' });
    await addAbsence(acme, 'colleague', { start: '2025-12-03', end: '2025-12-03', status: 'cancelled' });
  });
  const range = '/api/absence-timeline?from=2025-11-24&to=2025-12-31';

  it('gives the owner everyone, each region’s bank holidays, the company’s own day and the blocked dates', async () => {
    const { status, body } = await get<Timeline>(acme, 'owner', range);
    expect(status).toBe(200);
    expect(body.people).toHaveLength(7);
    expect(body.people.find((person) => person.id === acme.people.office.id)?.region).toBe('scotland');
    const ids = body.bank_holidays.map((day) => day.id);
    // St Andrew's Day 2025 falls on a Sunday: Scotland's substitute is Monday 1 December.
    expect(ids).toContain('scotland:2025-12-01');
    expect(ids).toContain('england-and-wales:2025-12-25');
    expect(ids).not.toContain('england-and-wales:2025-12-01');
    expect(body.bank_holidays.find((day) => day.company_added)).toMatchObject({ date: '2025-12-24', name: 'Christmas Eve' });
    expect(body.blocked.map((period) => period.name)).toEqual(['Stocktake']);
    expect(body.absences.map((absence) => [absence.user.first_name, absence.leave_type.name]).sort()).toEqual([
      ['Ella', 'Annual leave'],
      ['Oscar', 'Sickness'],
    ]);
  });

  it('shows an employee their department, others’ absences only as “Away”', async () => {
    const { body } = await get<Timeline>(acme, 'colleague', range);
    expect(body.people.map((person) => person.first_name).sort()).toEqual(['Colin', 'Ella', 'Marta']);
    expect(body.absences).toHaveLength(1);
    expect(body.absences[0]).toMatchObject({
      leave_type: { id: '', name: 'Away', colour: 'gray' },
      notes: null,
      deduction: 0,
      can_cancel: false,
    });
    expect(body.bank_holidays.some((day) => day.region === 'scotland')).toBe(false);
  });

  it('shows a manager their department with leave types, never the other department', async () => {
    const { body } = await get<Timeline>(acme, 'manager', range);
    expect(body.people.some((person) => person.id === acme.people.office.id)).toBe(false);
    expect(body.absences.map((absence) => absence.leave_type.name)).toEqual(['Annual leave']);
  });

  it('refuses more than 62 days and an end before the start with 422', async () => {
    const long = await get<{ errors: Record<string, string[]> }>(acme, 'owner', '/api/absence-timeline?from=2025-01-01&to=2025-03-05');
    expect(long.status).toBe(422);
    expect(long.body.errors.to).toEqual(['Show at most 62 days at a time.']);
    expect((await get(acme, 'owner', '/api/absence-timeline?from=2025-03-05&to=2025-03-01')).status).toBe(422);
    expect((await get(acme, 'owner', '/api/absence-timeline?from=2025-03-05')).status).toBe(422);
  });
});

describe('the Bradford factor', () => {
  const today = londonDate(new Date());
  /** A working day (Tuesday to Thursday) `weeks` weeks back, clear of bank holidays. */
  const weekday = (weeks: number, offset: 1 | 2 | 3) => addDays(startOfWeek(today), -7 * weeks + offset);
  const holidays = bankHolidayMap('england-and-wales', addDays(today, -400), today);
  /** A Friday and the Monday after it, neither a bank holiday, at least `weeks` back. */
  const fridayMonday = (weeks: number): [string, string] => {
    for (let back = weeks; ; back++) {
      const friday = addDays(startOfWeek(today), -7 * back + 4);
      const monday = addDays(friday, 3);
      if (!holidays.has(friday) && !holidays.has(monday)) return [friday, monday];
    }
  };

  it('scores three one-day spells as 3² × 3 = 27', async () => {
    for (const date of [weekday(2, 1), weekday(2, 3), weekday(5, 2)]) {
      await addAbsence(other, 'employee', { start: date, end: date, type: 'sickness' });
    }
    // Neither annual leave nor a declined or old sickness counts.
    await addAbsence(other, 'employee', { start: weekday(3, 1), end: weekday(3, 1) });
    await addAbsence(other, 'employee', { start: weekday(4, 1), end: weekday(4, 1), type: 'sickness', status: 'declined' });
    await addAbsence(other, 'employee', { start: weekday(60, 1), end: weekday(60, 1), type: 'sickness' });
    const { status, body } = await get<BradfordFactor>(other, 'manager', `/api/bradford-factor/${other.people.employee.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ spell_count: 3, days: 3, score: 27, to: today });
  });

  it('joins a Friday and the Monday after into one spell', async () => {
    const [friday, monday] = fridayMonday(6);
    const first = await addAbsence(other, 'colleague', { start: friday, end: friday, type: 'sickness' });
    const second = await addAbsence(other, 'colleague', { start: monday, end: monday, type: 'sickness' });
    const { body } = await get<BradfordFactor>(other, 'hr', `/api/bradford-factor/${other.people.colleague.id}`);
    expect(body.spells).toEqual([{ start_date: friday, end_date: monday, days: 2, absence_ids: [first, second] }]);
    expect(body.score).toBe(2);
  });

  it('is shown to the person’s managers and HR, refused to another department’s manager and employees', async () => {
    const url = `/api/bradford-factor/${other.people.employee.id}`;
    expect((await get(other, 'otherManager', url)).status).toBe(403);
    expect((await get(other, 'employee', url)).status).toBe(403);
    expect((await get(acme, 'owner', url)).status).toBe(404);
  });
});

describe('the calendar feed', () => {
  const token = 'feed-token-for-marta-0123456789';
  const start = addDays(startOfWeek(londonDate(new Date())), 14);
  let ids: Record<'employee' | 'office' | 'manager' | 'colleague', string>;

  beforeAll(async () => {
    await ownerSql(t, sql`update users set icalendar_token = ${token} where id = ${acme.people.manager.id}`);
    ids = {
      employee: await addAbsence(acme, 'employee', { start, end: addDays(start, 4) }),
      office: await addAbsence(acme, 'office', { start, end: start }),
      manager: await addAbsence(acme, 'manager', {
        start: addDays(start, 7),
        end: addDays(start, 7),
        duration: 'half_day',
        part: 'afternoon',
      }),
      colleague: await addAbsence(acme, 'colleague', { start, end: start, status: 'pending' }),
    };
  });

  it('is an iCalendar of the approved absences of the people the owner approves and their own', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toContain(`UID:${ids.employee}\r\n`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${start.replace(/-/g, '')}\r\nDTEND;VALUE=DATE:${addDays(start, 5).replace(/-/g, '')}\r\n`);
    expect(text).toContain('SUMMARY:Ella Evans: Annual leave\r\n');
    expect(text).toContain(`UID:${ids.manager}\r\n`);
    expect(text).toContain('SUMMARY:Marta Manning: Annual leave (half day\\, afternoon)');
    expect(text).not.toContain(ids.office);
    expect(text).not.toContain(ids.colleague);
    expect(text).not.toContain('private note');
  });

  it('is a 404 for an unknown or malformed token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/no-such-token-0123456789.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/x.ics' })).statusCode).toBe(404);
  });
});
