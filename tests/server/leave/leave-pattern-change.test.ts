// A working pattern given or changed re-pro-rates the annual leave of the year it starts in,
// as logged balance lines, and the breakdown shown still adds up (WTR 1998 reg. 13/13A: 5.6
// weeks, capped at 28 days, pro rata; the product rounds up to the half day). The default
// policy is 28 days with the bank holidays of England and Wales taken from the allowance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsencePeriod, PeriodValue, ValueLog } from '../../../src/modules/leave/leave-balances.contract';
import { bankHolidaysFor } from '../../../src/modules/leave/bank-holidays';
import { daysInclusive, roundUpToHalf } from '../../../src/modules/leave/leave-rules';
import { londonDate } from '../../../src/shared/dates';
import type { ListResponse } from '../../../src/shared/list';
import { bearer } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

const YEAR = Number(londonDate(new Date()).slice(0, 4));
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const holidays = (weekdays: number[], from = `${YEAR}-01-01`, to = `${YEAR}-12-31`) =>
  bankHolidaysFor('england-and-wales', YEAR).filter((day) => day.date >= from && day.date <= to && weekdays.includes(weekday(day.date)))
    .length;
const MON_WED = { mon_hours: 7.5, tue_hours: 7.5, wed_hours: 7.5 };

let t: TestApp;
let acme: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
});
afterAll(async () => t.close());

const send = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await acme.token('hr')), ...(payload ? { payload } : {}) });

async function annual(person: LeavePerson): Promise<PeriodValue> {
  const res = await send('GET', `/api/user-absence-period?user_id=${acme.people[person].id}&current_only=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<AbsencePeriod>>().results[0]!.values.find((value) => value.leave_type.key === 'annual_leave')!;
}
const adds = (value: PeriodValue) =>
  Math.round((value.entitlement + value.carried_over - value.bank_holidays + value.adjusted - value.taken - value.booked) * 100) / 100;
async function logs(value: PeriodValue): Promise<ValueLog[]> {
  return (await send('GET', `/api/user-absence-period-value-log?value_id=${value.id}&limit=100`)).json<ListResponse<ValueLog>>().results;
}

describe('a working pattern re-pro-rates the allowance', () => {
  it('Monday to Wednesday from the start of the year: 28 days × 3/5 = 16.8, rounded up to 17, and the bank holidays follow', async () => {
    const before = await annual('office');
    expect(before).toMatchObject({ entitlement: 28, bank_holidays: holidays([1, 2, 3, 4, 5]) });
    const res = await send('POST', '/api/user-working-pattern', {
      user_id: acme.people.office.id,
      start_date: `${YEAR}-01-01`,
      ...MON_WED,
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await annual('office');
    // 2026: 17 days less the 5 bank holidays on a Monday to Wednesday (6 April, 4 and 25 May, 31 August, 28 December) = 12.
    expect(after).toMatchObject({ entitlement: 17, bank_holidays: holidays([1, 2, 3]) });
    expect(after.balance).toBe(adds(after));
    const lines = (await logs(after)).map((log) => [log.kind, log.change, log.reason]);
    expect(lines).toContainEqual([
      'entitlement',
      -11,
      `Working pattern from 01/01/${YEAR}: 28 days → 17 days for 01/01/${YEAR} to 31/12/${YEAR}`,
    ]);
    expect(lines).toContainEqual([
      'bank_holidays',
      holidays([1, 2, 3, 4, 5]) - holidays([1, 2, 3]),
      `Bank holidays on working days: ${holidays([1, 2, 3, 4, 5])} days → ${holidays([1, 2, 3])} days`,
    ]);
  });

  it('from 1 July: the half year before at five days, the half after at three, rounded up once', async () => {
    expect((await annual('colleague')).entitlement).toBe(28);
    const res = await send('POST', '/api/user-working-pattern', {
      user_id: acme.people.colleague.id,
      start_date: `${YEAR}-07-01`,
      ...MON_WED,
    });
    expect(res.statusCode, res.body).toBe(201);
    const yearDays = daysInclusive(`${YEAR}-01-01`, `${YEAR}-12-31`);
    const firstHalf = daysInclusive(`${YEAR}-01-01`, `${YEAR}-06-30`);
    // 2026: 28 × 181/365 + 16.8 × 184/365 = 13.885 + 8.469 = 22.354, rounded up to 22.5; bank
    // holidays 5 on weekdays to 30 June and 2 on a Monday to Wednesday after (31 August, 28 December).
    const expected = roundUpToHalf((28 * firstHalf + 16.8 * (yearDays - firstHalf)) / yearDays);
    const bank = holidays([1, 2, 3, 4, 5], `${YEAR}-01-01`, `${YEAR}-06-30`) + holidays([1, 2, 3], `${YEAR}-07-01`);
    const after = await annual('colleague');
    expect(after).toMatchObject({ entitlement: expected, bank_holidays: bank });
    expect(after.balance).toBe(adds(after));
  });
});
