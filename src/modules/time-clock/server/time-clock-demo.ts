// The time-clock demo: last week, Monday to Friday, for three Operations people (Leo Thompson,
// Grace Murray, Jack Robertson) against their shifts (09:00–17:00 with a 30-minute break,
// added to the rota when the rota demo has none then): a clock-in, a lunch break and a
// clock-out each day; Leo 25 minutes late on Wednesday; Grace's forgotten clock-out on
// Thursday closed at her shift's end and flagged; Jack's Friday clock-in sent from a phone
// whose clock ran ahead, flagged. Monday's time is approved by Marcus, the rest waits for
// him. Written once.
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../../shared/dates';
import type { ClockEventKind, ClockFlag } from '../time-clock.contract';
import { summarise } from '../time-clock.policy';
import { companyHasClockEntries, findDemoPeople, findOrAddDemoShift } from './time-clock-demo.queries';
import { insertEntry, insertEvent, updateEntry } from './time-clock.queries';

const PEOPLE = ['leo.thompson@demo.test', 'grace.murray@demo.test', 'jack.robertson@demo.test'] as const;
const minutes = (at: Date, delta: number) => new Date(at.getTime() + delta * 60_000);

export async function seedTimeClockDemo(trx: Trx, company: DemoCompany, today = londonDate(new Date())): Promise<void> {
  const { companyId } = company;
  if (await companyHasClockEntries(trx, companyId)) return;
  const operations = company.departments.Operations;
  if (!operations) return;
  const people = await findDemoPeople(trx, { companyId, emails: PEOPLE });
  const manager = company.accounts['manager@demo.test'] ?? null;
  const monday = addDays(startOfWeek(today), -7);
  for (const person of people) {
    for (let day = 0; day < 5; day += 1) {
      const date = addDays(monday, day);
      const shift = await findOrAddDemoShift(trx, {
        companyId,
        userId: person.id,
        departmentId: person.department_id ?? operations,
        startAt: londonInstant(date, '09:00'),
        endAt: londonInstant(date, '17:00'),
      });
      const start = new Date(shift.start_at);
      const end = new Date(shift.end_at);
      const late = person.email === 'leo.thompson@demo.test' && day === 2;
      const forgotten = person.email === 'grace.murray@demo.test' && day === 3;
      const aheadClock = person.email === 'jack.robertson@demo.test' && day === 4;
      const clockIn = minutes(start, late ? 25 : -4 + ((day * 3) % 5));
      const breakStart = londonInstant(date, '12:30');
      const events: { kind: ClockEventKind; at: Date; device: Date | null; flag: ClockFlag | null; source?: 'auto_close' }[] = [
        {
          kind: 'clock_in',
          at: clockIn,
          device: aheadClock ? minutes(clockIn, 24 * 60) : clockIn,
          flag: aheadClock ? 'device_time_future' : null,
        },
        { kind: 'break_start', at: breakStart, device: breakStart, flag: null },
        { kind: 'break_end', at: minutes(breakStart, 30 + (day % 2) * 5), device: minutes(breakStart, 30 + (day % 2) * 5), flag: null },
        forgotten
          ? { kind: 'clock_out', at: end, device: null, flag: 'auto_closed', source: 'auto_close' }
          : { kind: 'clock_out', at: minutes(end, 2 + day), device: minutes(end, 2 + day), flag: null },
      ];
      const flags = events.flatMap((event) => (event.flag ? [event.flag] : []));
      const entryId = await insertEntry(trx, { companyId, userId: person.id, shiftId: shift.id, clockInAt: clockIn, flags });
      for (const event of events) {
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
      const clockOut = events[3]!.at;
      const summary = summarise(events, clockOut);
      const approved = day === 0 && manager !== null;
      await updateEntry(trx, {
        companyId,
        id: entryId,
        values: {
          clock_out_at: clockOut,
          break_minutes: summary.breakMinutes,
          worked_minutes: summary.workedMinutes,
          ...(approved ? { approval: 'approved' as const, approved_by: manager, approved_at: minutes(clockOut, 60 * 20) } : {}),
        },
      });
    }
  }
}
