// The SQL of the time clock's location: the site that applies to an entry (its shift's
// location, else the person's), the position recorded with an event and the flag added to its
// entry, the positions of a set of events, the company's sites by location, and its
// clock-without-shift switch.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { ClockSite, EventLocation, LocationFlag } from '../time-clock-location.contract';
import './time-clock-location-tables';
import './time-clock-tables';

export type SiteRow = {
  location_id: string;
  location_name: string;
  latitude: number;
  longitude: number;
  radius_m: number;
};

/** The recording site for a person now: the shift's location (if it has one), else theirs — only when it records location. */
export async function findRecordingSite(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; shiftId: string | null },
): Promise<SiteRow | undefined> {
  const { rows } = await sql<SiteRow>`
    SELECT ts.location_id, l.name AS location_name, ts.latitude, ts.longitude, ts.radius_m
    FROM users u
    LEFT JOIN rota_shifts s ON s.company_id = ${input.companyId} AND s.id = ${input.shiftId}
    JOIN time_clock_sites ts ON ts.company_id = ${input.companyId} AND ts.location_id = coalesce(s.location_id, u.location_id)
    JOIN company_locations l ON l.id = ts.location_id
    WHERE u.company_id = ${input.companyId} AND u.id = ${input.userId} AND ts.record_location`.execute(trx);
  return rows[0];
}

export async function insertEventLocation(
  trx: Trx,
  values: {
    companyId: string;
    eventId: string;
    entryId: string;
    userId: string;
    locationId: string;
    latitude: number | null;
    longitude: number | null;
    accuracy: number | null;
    distance: number | null;
    flag: LocationFlag | null;
    recordedAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto('time_clock_event_locations')
    .values({
      company_id: values.companyId,
      event_id: values.eventId,
      entry_id: values.entryId,
      user_id: values.userId,
      location_id: values.locationId,
      latitude: values.latitude,
      longitude: values.longitude,
      accuracy_m: values.accuracy,
      distance_m: values.distance === null ? null : Math.round(values.distance),
      flag: values.flag,
      recorded_at: values.recordedAt,
    })
    .execute();
}

/** Adds a flag to an entry's flags (once). */
export async function addEntryFlag(trx: Trx, input: { companyId: string; entryId: string; flag: LocationFlag }): Promise<void> {
  await sql`UPDATE time_clock_entries SET flags = array_append(flags, ${input.flag}::text), updated_at = now()
    WHERE company_id = ${input.companyId} AND id = ${input.entryId} AND NOT (${input.flag}::text = ANY(flags))`.execute(trx);
}

export type EventLocationRow = EventLocation & { event_id: string };

export async function findEventLocations(
  trx: DbOrTrx,
  input: { companyId: string; eventIds: readonly string[] },
): Promise<EventLocationRow[]> {
  if (input.eventIds.length === 0) return [];
  const { rows } = await sql<EventLocationRow>`
    SELECT el.event_id, l.name AS location_name, el.latitude, el.longitude, el.accuracy_m, el.distance_m, ts.radius_m, el.flag
    FROM time_clock_event_locations el
    LEFT JOIN company_locations l ON l.id = el.location_id
    LEFT JOIN time_clock_sites ts ON ts.location_id = el.location_id AND ts.company_id = el.company_id
    WHERE el.company_id = ${input.companyId} AND el.event_id IN (${sql.join(input.eventIds)})`.execute(trx);
  return rows;
}

/** Every company location with its site (nulls where none is set), by name. */
export async function findSites(trx: DbOrTrx, companyId: string): Promise<ClockSite[]> {
  const { rows } = await sql<ClockSite>`
    SELECT l.id AS location_id, l.name AS location_name, coalesce(ts.record_location, false) AS record_location,
      ts.latitude, ts.longitude, ts.radius_m
    FROM company_locations l LEFT JOIN time_clock_sites ts ON ts.location_id = l.id AND ts.company_id = l.company_id
    WHERE l.company_id = ${companyId}
    ORDER BY l.name, l.id`.execute(trx);
  return rows;
}

export async function locationExists(trx: DbOrTrx, input: { companyId: string; locationId: string }): Promise<boolean> {
  const row = await trx
    .selectFrom('company_locations')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.locationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveSite(
  trx: Trx,
  input: { companyId: string; locationId: string; recordLocation: boolean; latitude: number; longitude: number; radiusM: number },
): Promise<void> {
  await sql`
    INSERT INTO time_clock_sites (location_id, company_id, record_location, latitude, longitude, radius_m)
    VALUES (${input.locationId}, ${input.companyId}, ${input.recordLocation}, ${input.latitude}, ${input.longitude}, ${input.radiusM})
    ON CONFLICT (location_id) DO UPDATE SET record_location = excluded.record_location, latitude = excluded.latitude,
      longitude = excluded.longitude, radius_m = excluded.radius_m, updated_at = now()
    WHERE time_clock_sites.company_id = ${input.companyId}`.execute(trx);
}

export async function findClockWithoutShift(trx: DbOrTrx, companyId: string): Promise<boolean> {
  const { rows } = await sql<{ clock_without_shift: boolean }>`
    SELECT clock_without_shift FROM time_clock_settings WHERE company_id = ${companyId}`.execute(trx);
  return rows[0]?.clock_without_shift ?? true;
}

export async function saveClockWithoutShift(trx: Trx, input: { companyId: string; value: boolean }): Promise<void> {
  await sql`
    INSERT INTO time_clock_settings (company_id, clock_without_shift) VALUES (${input.companyId}, ${input.value})
    ON CONFLICT (company_id) DO UPDATE SET clock_without_shift = excluded.clock_without_shift, updated_at = now()`.execute(trx);
}
