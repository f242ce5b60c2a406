// The location rules: the distance between two points on the Earth (haversine), and the flag a
// recorded position earns against its site — outside when even the near edge of the phone's
// accuracy circle is beyond the radius (the accuracy counted up to a cap, so a position known
// only to a few kilometres is not taken as "inside" everywhere), none when inside, and
// 'location_unavailable' when the phone sent none. Nothing here refuses a clock event.
import type { ClockPosition, LocationFlag } from './time-clock-location.contract';

const EARTH_RADIUS_M = 6_371_008.8;
/** The most of a position's accuracy counted in its favour, in metres. */
export const MAX_ACCURACY_TOLERANCE_M = 250;
/** How long the phone waits for a position before the event goes without one. */
export const POSITION_TIMEOUT_MS = 10_000;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Metres between two points (great-circle distance). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type SiteCircle = { latitude: number; longitude: number; radius_m: number };

/** The distance from the site and the flag a position (or none) earns. */
export function judgePosition(site: SiteCircle, position: ClockPosition | null): { distance: number | null; flag: LocationFlag | null } {
  if (!position) return { distance: null, flag: 'location_unavailable' };
  const distance = distanceMetres(site, position);
  const tolerance = Math.min(position.accuracy, MAX_ACCURACY_TOLERANCE_M);
  return { distance, flag: distance - tolerance > site.radius_m ? 'outside_location' : null };
}
