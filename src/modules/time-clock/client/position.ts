// The phone's position for a clock event, asked only where the company records location: a
// fresh one (the position at the tap, never a cached one). The browser asks the person's
// permission the first time; no answer within the timeout (the permission prompt left open
// counts), a refusal, or no geolocation at all gives null, and the event goes without a position
// (the server flags it 'location_unavailable').
import type { ClockPosition } from '../time-clock-location.contract';
import { POSITION_TIMEOUT_MS } from '../time-clock-location.policy';

export function capturePosition(
  options: { timeoutMs?: number; geolocation?: Geolocation | undefined } = {},
): Promise<ClockPosition | null> {
  const geolocation = 'geolocation' in options ? options.geolocation : globalThis.navigator?.geolocation;
  const timeoutMs = options.timeoutMs ?? POSITION_TIMEOUT_MS;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: ClockPosition | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    // The browser's own timeout starts only once permission is given: this one covers the prompt too.
    const timer = setTimeout(() => settle(null), timeoutMs);
    try {
      geolocation.getCurrentPosition(
        (position) =>
          settle({
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
            accuracy: Math.round(position.coords.accuracy * 10) / 10,
          }),
        () => settle(null),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
      );
    } catch {
      settle(null);
    }
  });
}
