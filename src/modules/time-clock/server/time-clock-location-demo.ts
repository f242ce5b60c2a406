// The clock-location demo: the Edinburgh office (20 Royal Mile) records where people clock,
// within 200 m. Grace Murray's and Jack Robertson's clock events (Edinburgh, sent from their
// phones) carry positions a few tens of metres from it — except Jack's clock-in on last week's
// Tuesday, made about 3 km away in Leith, flagged "Clocked outside the location" for Marcus.
// Isla Campbell (Edinburgh, no rota) has clocked nothing: her card offers "Clock in" with the
// location notice. Written once, after the time-clock demo's week.
import type { Trx } from '../../../server/db/database';
import { addDays, londonDate, startOfWeek } from '../../../shared/dates';
import { judgePosition } from '../time-clock-location.policy';
import { findDemoLocation, findDemoPhoneEvents, siteExists } from './time-clock-location-demo.queries';
import { addEntryFlag, insertEventLocation, saveSite } from './time-clock-location.queries';

export const DEMO_SITE = { name: 'Edinburgh', latitude: 55.9496, longitude: -3.1906, radius_m: 200 } as const;
const LEITH = { latitude: 55.9756, longitude: -3.172, accuracy: 18 };
const PEOPLE = ['grace.murray@demo.test', 'jack.robertson@demo.test'] as const;

export async function seedClockLocationDemo(trx: Trx, companyId: string, now = new Date()): Promise<void> {
  const locationId = await findDemoLocation(trx, { companyId, name: DEMO_SITE.name });
  if (!locationId || (await siteExists(trx, { companyId, locationId }))) return;
  await saveSite(trx, {
    companyId,
    locationId,
    recordLocation: true,
    latitude: DEMO_SITE.latitude,
    longitude: DEMO_SITE.longitude,
    radiusM: DEMO_SITE.radius_m,
  });
  const outsideDay = addDays(startOfWeek(londonDate(now)), -6);
  const events = await findDemoPhoneEvents(trx, { companyId, emails: PEOPLE });
  for (const [index, event] of events.entries()) {
    const outside = event.email === 'jack.robertson@demo.test' && event.kind === 'clock_in' && londonDate(event.at) === outsideDay;
    // A few tens of metres from the office, varying from event to event.
    const position = outside
      ? LEITH
      : {
          latitude: DEMO_SITE.latitude + (((index * 37) % 9) - 4) * 0.0001,
          longitude: DEMO_SITE.longitude + (((index * 53) % 9) - 4) * 0.00015,
          accuracy: 8 + ((index * 7) % 20),
        };
    const { distance, flag } = judgePosition(DEMO_SITE, position);
    await insertEventLocation(trx, {
      companyId,
      eventId: event.id,
      entryId: event.entry_id,
      userId: event.user_id,
      locationId,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracy: position.accuracy,
      distance,
      flag,
      recordedAt: event.at,
    });
    if (flag) await addEntryFlag(trx, { companyId, entryId: event.entry_id, flag });
  }
}
