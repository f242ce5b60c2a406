// The tables of migration 0056 (the time clock's sites and the positions sent with events),
// and the company's clock-without-shift switch it added to the clock's settings.
import type { ColumnType, Generated } from 'kysely';
import type { LocationFlag } from '../time-clock-location.contract';

export interface TimeClockSitesTable {
  location_id: string;
  company_id: string;
  record_location: Generated<boolean>;
  latitude: number;
  longitude: number;
  radius_m: number;
  updated_at: Generated<Date>;
}

export interface TimeClockEventLocationsTable {
  id: Generated<string>;
  company_id: string;
  event_id: string;
  entry_id: string;
  user_id: string;
  location_id: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  distance_m: number | null;
  flag: LocationFlag | null;
  recorded_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    time_clock_sites: TimeClockSitesTable;
    time_clock_event_locations: TimeClockEventLocationsTable;
  }
}
