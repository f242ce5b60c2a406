// The demo of approved time feeding overtime and holiday, after the time-clock demo's weeks:
// Leo Thompson stayed 45 minutes past his shift last Monday (approved by Marcus), so he has an
// open to-do offering the time as overtime; Jack Robertson works irregular hours (the leave
// demo gives him the 12.07% policy), and his approved days of last week and this week accrue
// holiday on his annual leave, one line a week. Written once (stretching Leo's day again would not be).
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../../shared/dates';
import { feedWeeksOf } from './clocked-hours-accrual';
import { allowDemoOvertime, approveDemoEntries, companyHasOffers, findClosedEntries, stretchEntry } from './overtime-offers-demo.queries';
import { offerBeyondShift } from './overtime-offers.service';
import { findDemoPeople } from './time-clock-demo.queries';

export async function seedOvertimeOffersDemo(trx: Trx, company: DemoCompany, now = new Date()): Promise<void> {
  const { companyId } = company;
  const manager = company.accounts['manager@demo.test'];
  if (!manager) return;
  const people = await findDemoPeople(trx, { companyId, emails: ['leo.thompson@demo.test', 'jack.robertson@demo.test'] });
  const lastMonday = addDays(startOfWeek(londonDate(now)), -7);
  const from = londonInstant(lastMonday, '00:00');
  const to = londonInstant(londonDate(now), '00:00');

  const leo = people.find((person) => person.email === 'leo.thompson@demo.test');
  const [monday] = leo
    ? await findClosedEntries(trx, { companyId, userId: leo.id, from, to: londonInstant(addDays(lastMonday, 1), '00:00') })
    : [];
  if (leo && monday && !(await companyHasOffers(trx, companyId))) {
    await allowDemoOvertime(trx, { companyId, userId: leo.id });
    const stretched = await stretchEntry(trx, { companyId, id: monday.id, minutes: 45 });
    await approveDemoEntries(trx, { companyId, ids: [monday.id], approvedBy: manager });
    await offerBeyondShift(trx, company.modules ?? [], companyId, stretched);
  }

  const jack = people.find((person) => person.email === 'jack.robertson@demo.test');
  if (jack) {
    const entries = await findClosedEntries(trx, { companyId, userId: jack.id, from, to });
    await approveDemoEntries(trx, { companyId, ids: entries.map((entry) => entry.id), approvedBy: manager });
    await feedWeeksOf(trx, company.modules ?? [], { companyId, actorId: manager, entries });
  }
}
