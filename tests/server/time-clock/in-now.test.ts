// "In now" on real PostgreSQL: who is clocked in at this moment, with the shift and since when
// (and on a break since when), for the people whose timesheets the caller reads — the
// Operations manager her department, the Office manager his, the owner everyone — never
// another company's, never an employee's; someone who clocks out leaves the list.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InNow } from '../../../src/modules/time-clock/time-clock.contract';
import type { CalendarAnswer } from '../../../src/shared/calendar.contract';
import { DATE_FORMATS, formatLondon, londonDate } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let r: RotaHarness;
let other: RotaHarness;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  r = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Elsewhere Ltd');
});
afterAll(async () => t.close());

const minutesFrom = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

async function clock(h: RotaHarness, who: LeavePerson, kind: string, at: Date): Promise<void> {
  const res = await h.send(who, 'POST', '/api/time-clock/events', { kind, device_time: at.toISOString() });
  expect(res.statusCode, res.body).toBe(200);
}

async function inNow(h: RotaHarness, who: LeavePerson): Promise<InNow> {
  const res = await h.send(who, 'GET', '/api/timesheets/in-now');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InNow>();
}

const names = (list: InNow) => list.people.map((person) => person.name);

describe('who is in now', () => {
  const now = new Date();
  let shiftId: string;
  beforeAll(async () => {
    const rows = await ownerSql<{ id: string }>(
      t,
      sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
          values (${r.company.companyId}, ${r.company.people.employee.id}, ${r.company.departments.Operations},
                  ${minutesFrom(now, -120)}, ${minutesFrom(now, 240)}, 30, 'Floor', true, now())
          returning id`,
    );
    shiftId = rows[0]!.id;
    await clock(r, 'employee', 'clock_in', minutesFrom(now, -115));
    await clock(r, 'colleague', 'clock_in', minutesFrom(now, -90));
    await clock(r, 'colleague', 'break_start', minutesFrom(now, -10));
    await clock(r, 'office', 'clock_in', minutesFrom(now, -60));
    await clock(other, 'employee', 'clock_in', minutesFrom(now, -30));
  });

  it('lists the people clocked in, with their shift and since when, to the managers of their departments', async () => {
    const operations = await inNow(r, 'manager');
    expect(names(operations)).toEqual(['Ella Evans', 'Colin Cole']);
    expect(operations.people[0]).toMatchObject({
      department_name: 'Operations',
      clock_in_at: minutesFrom(now, -115).toISOString(),
      break_since: null,
      shift: { id: shiftId, role: 'Floor' },
      flags: [],
    });
    expect(operations.people[1]).toMatchObject({ shift: null, break_since: minutesFrom(now, -10).toISOString() });
    expect(names(await inNow(r, 'otherManager'))).toEqual(['Oscar Oakes']);
    // The owner sees the company, longest in first (and nobody from Elsewhere Ltd, whose Ella is clocked in too).
    expect(names(await inNow(r, 'owner'))).toEqual(['Ella Evans', 'Colin Cole', 'Oscar Oakes']);
    expect(names(await inNow(other, 'owner'))).toEqual(['Ella Evans']);
    expect((await r.send('employee', 'GET', '/api/timesheets/in-now')).statusCode).toBe(403);
  });

  it('drops someone once they clock out', async () => {
    await clock(r, 'employee', 'clock_out', now);
    expect(names(await inNow(r, 'manager'))).toEqual(['Colin Cole']);
  });

  it('puts clocked time on the calendar: who is in since when, who was in and when, by the same reach', async () => {
    // From the day the earliest clock-in fell on (yesterday, just after midnight) to today.
    const [from, to] = [londonDate(minutesFrom(now, -180)), londonDate(now)];
    const calendar = async (h: RotaHarness, who: LeavePerson) => {
      const res = await h.send(who, 'GET', `/api/calendar-events?from=${from}&to=${to}&kind=clocked`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CalendarAnswer>().entries.map((entry) => entry.title);
    };
    const time = (minutes: number) => formatLondon(minutesFrom(now, minutes), DATE_FORMATS.time);
    // Ella clocked out in the test before; Colin is still in (on a break).
    expect(await calendar(r, 'manager')).toEqual([`Ella Evans: clocked ${time(-115)}–${time(0)}`, `Colin Cole: in since ${time(-90)}`]);
    expect(await calendar(r, 'otherManager')).toEqual([`Oscar Oakes: in since ${time(-60)}`]);
    // An employee sees their own time only; another company's owner only theirs.
    expect(await calendar(r, 'colleague')).toEqual([`Colin Cole: in since ${time(-90)}`]);
    expect(await calendar(other, 'owner')).toEqual([`Ella Evans: in since ${time(-30)}`]);
  });
});
