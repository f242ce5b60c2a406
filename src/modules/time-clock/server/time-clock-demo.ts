// The time-clock demo, for three Operations people (Leo Thompson, Grace Murray, Jack
// Robertson) against their shifts (09:00–17:00 with a 30-minute break, added to the rota when
// the rota demo has none then): a clock-in, a lunch break and a clock-out each day.
// Last week, Monday to Friday: Leo 25 minutes late on Wednesday; Grace's forgotten clock-out on
// Thursday closed at her shift's end and flagged; Jack's Friday clock-in sent from a phone whose
// clock ran ahead, flagged; Monday's time approved by Marcus, the rest waiting for him.
// This week, the shifts already over (relative to when it is seeded): Jack 12 minutes late on
// the latest, Leo's forgotten clock-out the day before, Grace's clock-in from a phone whose
// clock ran ahead the day before that; and, while today's shift is under way, all three
// clocked in (with their lunch break, once it has begun), so "In now" has people in it (the
// midnight job closes those entries at the shift's end if nobody clocks out). Written once.
// Then the clock-location demo (time-clock-location-demo.ts): the Edinburgh office's site.
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../../shared/dates';
import type { ClockEventKind, ClockFlag } from '../time-clock.contract';
import { summarise } from '../time-clock.policy';
import { companyHasClockEntries, findDemoPeople, findOrAddDemoShift } from './time-clock-demo.queries';
import { insertEntry, insertEvent, updateEntry } from './time-clock.queries';
import { seedClockLocationDemo } from './time-clock-location-demo';

const PEOPLE = ['leo.thompson@demo.test', 'grace.murray@demo.test', 'jack.robertson@demo.test'] as const;
const minutes = (at: Date, delta: number) => new Date(at.getTime() + delta * 60_000);

type DemoPerson = { id: string; email: string; department_id: string | null };
type DayOptions = { late?: number | undefined; forgotten?: boolean; aheadClock?: boolean; approvedBy?: string | null; now: Date };
type DemoEvent = { kind: ClockEventKind; at: Date; device: Date | null; flag: ClockFlag | null; source?: 'auto_close' };

/** One person's day against their 09:00–17:00 shift: up to `now` (an entry still open when the shift is under way). */
async function seedDay(trx: Trx, companyId: string, departmentId: string, person: DemoPerson, date: string, options: DayOptions) {
  const shift = await findOrAddDemoShift(trx, {
    companyId,
    userId: person.id,
    departmentId: person.department_id ?? departmentId,
    startAt: londonInstant(date, '09:00'),
    endAt: londonInstant(date, '17:00'),
  });
  const start = new Date(shift.start_at);
  const end = new Date(shift.end_at);
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  const clockIn = minutes(start, options.late ?? -4 + ((day * 3) % 5));
  const breakStart = londonInstant(date, '12:30');
  const breakEnd = minutes(breakStart, 30 + (day % 2) * 5);
  const events: DemoEvent[] = [
    {
      kind: 'clock_in',
      at: clockIn,
      device: options.aheadClock ? minutes(clockIn, 24 * 60) : clockIn,
      flag: options.aheadClock ? 'device_time_future' : null,
    },
    { kind: 'break_start', at: breakStart, device: breakStart, flag: null },
    { kind: 'break_end', at: breakEnd, device: breakEnd, flag: null },
    options.forgotten
      ? { kind: 'clock_out', at: end, device: null, flag: 'auto_closed', source: 'auto_close' }
      : { kind: 'clock_out', at: minutes(end, 2 + day), device: minutes(end, 2 + day), flag: null },
  ];
  const happened = events.filter((event) => event.at <= options.now);
  if (happened.length === 0) return;
  const flags = happened.flatMap((event) => (event.flag ? [event.flag] : []));
  const entryId = await insertEntry(trx, { companyId, userId: person.id, shiftId: shift.id, clockInAt: clockIn, flags });
  for (const event of happened) {
    await insertEvent(trx, {
      companyId,
      entryId,
      userId: person.id,
      kind: event.kind,
      at: event.at,
      deviceTime: event.device,
      receivedAt: event.source ? minutes(end, 8 * 60) : event.at,
      flag: event.flag,
      ...(event.source ? { source: event.source } : {}),
    });
  }
  const clockOut = happened.length === events.length ? events[3]!.at : null;
  if (!clockOut) return;
  const summary = summarise(events, clockOut);
  const approvedBy = options.approvedBy ?? null;
  await updateEntry(trx, {
    companyId,
    id: entryId,
    values: {
      clock_out_at: clockOut,
      break_minutes: summary.breakMinutes,
      worked_minutes: summary.workedMinutes,
      ...(approvedBy ? { approval: 'approved' as const, approved_by: approvedBy, approved_at: minutes(clockOut, 60 * 20) } : {}),
    },
  });
}

const LEO = 'leo.thompson@demo.test';
const GRACE = 'grace.murray@demo.test';
const JACK = 'jack.robertson@demo.test';

export async function seedTimeClockDemo(trx: Trx, company: DemoCompany, now = new Date()): Promise<void> {
  const { companyId } = company;
  if (await companyHasClockEntries(trx, companyId)) return;
  const operations = company.departments.Operations;
  if (!operations) return;
  const people = await findDemoPeople(trx, { companyId, emails: PEOPLE });
  const manager = company.accounts['manager@demo.test'] ?? null;
  const today = londonDate(now);
  const thisMonday = startOfWeek(today);
  const lastMonday = addDays(thisMonday, -7);
  // This week's days whose shift is over, latest first; then today, if its shift has begun.
  const pastDays: string[] = [];
  for (let date = thisMonday; date < today; date = addDays(date, 1)) pastDays.unshift(date);
  for (const person of people) {
    for (let day = 0; day < 5; day += 1) {
      await seedDay(trx, companyId, operations, person, addDays(lastMonday, day), {
        now,
        late: person.email === LEO && day === 2 ? 25 : undefined,
        forgotten: person.email === GRACE && day === 3,
        aheadClock: person.email === JACK && day === 4,
        approvedBy: day === 0 ? manager : null,
      });
    }
    for (const [index, date] of pastDays.entries()) {
      if (new Date(`${date}T12:00:00Z`).getUTCDay() % 6 === 0) continue;
      await seedDay(trx, companyId, operations, person, date, {
        now,
        late: person.email === JACK && index === 0 ? 12 : undefined,
        forgotten: person.email === LEO && index === 1,
        aheadClock: person.email === GRACE && index === 2,
      });
    }
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay() % 6 !== 0;
    const shiftUnderWay = now >= londonInstant(today, '09:05') && now < londonInstant(today, '17:00');
    if (weekday && shiftUnderWay) {
      await seedDay(trx, companyId, operations, person, today, { now });
    }
  }
  await seedClockLocationDemo(trx, companyId, now);
}
