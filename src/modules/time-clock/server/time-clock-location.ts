// The time clock's location and clocking rules on the server: the position sent with an event
// recorded only where the company records location for the entry's site (the shift's location,
// else the person's) — judged against the site's radius and flagged, never refused; nothing
// stored otherwise, even when a phone sent one. What was recorded, laid on the events a person
// and a manager read. The rules the phone needs (record location now? clock in without a
// shift?), the refusal of a clock-in with no shift where the company does not allow it, and
// the owners' and HR admins' settings of both.
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withTenant, type Trx } from '../../../server/db/database';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { type ClockingRulesInput, type ClockingSettings, type ClockPosition, type ClockSiteInput } from '../time-clock-location.contract';
import { judgePosition } from '../time-clock-location.policy';
import { TIME_CLOCK_INVALIDATES, TIME_CLOCK_RESOURCES, type ClockEntry, type MyClock } from '../time-clock.contract';
import {
  addEntryFlag,
  findClockWithoutShift,
  findEventLocations,
  findRecordingSite,
  findSites,
  insertEventLocation,
  locationExists,
  saveClockWithoutShift,
  saveSite,
} from './time-clock-location.queries';
import type { TimeClockCaller } from './time-clock.service';

export const clockingMessages = {
  noShift: 'There is no shift of yours on the rota now: your company clocks time against rota shifts.',
} as const;

/** Records the position sent with an event where the entry's site records location; flags the entry when outside or none (not for a kiosk's events). */
export async function recordEventLocation(
  trx: Trx,
  input: {
    companyId: string;
    userId: string;
    entryId: string;
    eventId: string;
    shiftId: string | null;
    position: ClockPosition | null | undefined;
    at: Date;
    /** From a device fixed at the site (a kiosk), with no phone position to judge. */
    atSite: boolean;
  },
): Promise<void> {
  if (input.atSite) return;
  const site = await findRecordingSite(trx, { companyId: input.companyId, userId: input.userId, shiftId: input.shiftId });
  if (!site) return;
  const position = input.position ?? null;
  const { distance, flag } = judgePosition(site, position);
  await insertEventLocation(trx, {
    companyId: input.companyId,
    eventId: input.eventId,
    entryId: input.entryId,
    userId: input.userId,
    locationId: site.location_id,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    accuracy: position?.accuracy ?? null,
    distance,
    flag,
    recordedAt: input.at,
  });
  if (flag) await addEntryFlag(trx, { companyId: input.companyId, entryId: input.entryId, flag });
}

/** The entries with what was recorded of the phone's position on each event (where any was). */
export async function withEventLocations<T extends ClockEntry>(trx: Trx, companyId: string, entries: T[]): Promise<T[]> {
  const eventIds = entries.flatMap((entry) => entry.events.map((event) => event.id));
  const rows = await findEventLocations(trx, { companyId, eventIds });
  if (rows.length === 0) return entries;
  const byEvent = new Map(rows.map((row) => [row.event_id, row]));
  return entries.map((entry) => ({
    ...entry,
    events: entry.events.map((event) => {
      const row = byEvent.get(event.id);
      if (!row) return event;
      const { event_id: _eventId, ...location } = row;
      return { ...event, location };
    }),
  }));
}

/** What the phone needs to know: whether a tap now records its position (and for which location), and whether it may clock in without a shift. */
export async function clockingRules(
  trx: Trx,
  input: { companyId: string; userId: string; shiftId: string | null },
): Promise<Pick<MyClock, 'record_location' | 'clock_without_shift'>> {
  const site = await findRecordingSite(trx, input);
  return {
    record_location: site ? { location_name: site.location_name } : null,
    clock_without_shift: await findClockWithoutShift(trx, input.companyId),
  };
}

/** A clock-in with no shift, where the company clocks only against rota shifts: refused. */
export async function requireClockWithoutShift(trx: Trx, companyId: string): Promise<void> {
  if (!(await findClockWithoutShift(trx, companyId))) throw new AppError('conflict', { message: clockingMessages.noShift });
}

export async function getClockingSettings(caller: TimeClockCaller): Promise<ClockingSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => ({
    clock_without_shift: await findClockWithoutShift(trx, companyId),
    sites: await findSites(trx, companyId),
  }));
}

/** Clocking settings feed the clock card and the timesheets as well as the settings screen. */
const CLOCKING_INVALIDATES = [TIME_CLOCK_RESOURCES.settings, ...TIME_CLOCK_INVALIDATES];

export async function updateClockingRules(caller: TimeClockCaller, body: ClockingRulesInput): Promise<ClockingSettings> {
  const companyId = requireCompany(caller.session);
  await withTenant(caller.db, companyId, async (trx) => {
    await saveClockWithoutShift(trx, { companyId, value: body.clock_without_shift });
    await recordCompanyWrite(trx, {
      caller,
      companyId,
      action: 'time-clock.clocking-rules',
      targetType: 'company',
      targetId: companyId,
      invalidates: CLOCKING_INVALIDATES,
      details: body,
    });
  });
  return getClockingSettings(caller);
}

export async function updateClockSite(caller: TimeClockCaller, locationId: string, body: ClockSiteInput): Promise<ClockingSettings> {
  const companyId = requireCompany(caller.session);
  await withTenant(caller.db, companyId, async (trx) => {
    if (!(await locationExists(trx, { companyId, locationId }))) throw AppError.notFound();
    await saveSite(trx, {
      companyId,
      locationId,
      recordLocation: body.record_location,
      latitude: body.latitude,
      longitude: body.longitude,
      radiusM: body.radius_m,
    });
    await recordCompanyWrite(trx, {
      caller,
      companyId,
      action: 'time-clock.site',
      targetType: 'company_location',
      targetId: locationId,
      invalidates: CLOCKING_INVALIDATES,
      details: body,
    });
  });
  return getClockingSettings(caller);
}
