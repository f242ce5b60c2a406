// The time clock's optional location and its clocking rules: per company location, whether a
// clock event records the phone's position, with the site's centre and radius; the position a
// phone sends with an event; what was recorded (shown to the person and the manager) and why
// it is flagged; and the company's switch for clocking in without a rota shift. Positions are
// never refused: outside the radius, or none, the entry is flagged for the manager.
import * as v from 'valibot';
import { numberField } from '../../shared/validators';

/** The company's clocking rules and sites (owners and HR admins, under the time clock's settings endpoint). */
export const clockingPaths = {
  clocking: '/api/time-clock-settings/clocking',
  site: (locationId: string) => `/api/time-clock-settings/sites/${encodeURIComponent(locationId)}`,
} as const;

export const LOCATION_FLAGS = ['outside_location', 'location_unavailable'] as const;
export type LocationFlag = (typeof LOCATION_FLAGS)[number];

export const LOCATION_FLAG_LABELS: Record<LocationFlag, string> = {
  outside_location: 'Clocked outside the location',
  location_unavailable: 'Location not available',
};

/** The phone's position when the button was tapped: degrees, and its accuracy in metres. */
export const ClockPositionSchema = v.object({
  latitude: numberField({ min: -90, max: 90 }),
  longitude: numberField({ min: -180, max: 180 }),
  accuracy: numberField({ min: 0, max: 100_000 }),
});
export type ClockPosition = v.InferOutput<typeof ClockPositionSchema>;

/** What was recorded with an event where the company records location; coordinates null once retention erased them. */
export type EventLocation = {
  location_name: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  /** Metres from the site's centre (kept after the coordinates are erased). */
  distance_m: number | null;
  radius_m: number | null;
  flag: LocationFlag | null;
};

export const SITE_RADIUS_MIN = 20;
export const SITE_RADIUS_MAX = 5000;

export const ClockSiteInputSchema = v.object({
  record_location: v.boolean(),
  latitude: numberField({ min: -90, max: 90 }),
  longitude: numberField({ min: -180, max: 180 }),
  radius_m: numberField({ min: SITE_RADIUS_MIN, max: SITE_RADIUS_MAX, integer: true }),
});
export type ClockSiteInput = v.InferOutput<typeof ClockSiteInputSchema>;

export const ClockingRulesInputSchema = v.object({ clock_without_shift: v.boolean() });
export type ClockingRulesInput = v.InferOutput<typeof ClockingRulesInputSchema>;

/** A company location with its clocking site (null values when none is set). */
export type ClockSite = {
  location_id: string;
  location_name: string;
  record_location: boolean;
  latitude: number | null;
  longitude: number | null;
  radius_m: number | null;
};

/** GET /api/time-clock-settings/clocking. */
export type ClockingSettings = { clock_without_shift: boolean; sites: ClockSite[] };
