// On the clock card, where the company records location: that the phone's position is taken
// with each tap (and for which location), and, for the entry shown, what was recorded with each
// event — the position with its accuracy and its distance from the site — and why an event is
// flagged (outside the site, or no position).
import '@mantine/core/styles/List.css';
import { List, Text } from '@mantine/core';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { LOCATION_FLAG_LABELS, type EventLocation } from '../time-clock-location.contract';
import { CLOCK_EVENT_LABELS, type ClockEvent, type MyClock } from '../time-clock.contract';

const metres = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} km` : `${Math.round(value)} m`);

/** What was recorded with one event, as the person reads it. */
export function locationText(location: EventLocation): string {
  const site = location.location_name ?? 'the location';
  const where =
    location.latitude !== null && location.longitude !== null
      ? `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}${location.accuracy_m !== null ? ` (±${metres(location.accuracy_m)})` : ''}`
      : null;
  const distance = location.distance_m !== null ? `${metres(location.distance_m)} from ${site}` : null;
  if (location.flag === 'location_unavailable') return `${LOCATION_FLAG_LABELS.location_unavailable}: no position came from your phone.`;
  const recorded = [where, distance].filter(Boolean).join(', ') || 'Position erased after the retention period';
  if (location.flag === 'outside_location')
    return `${recorded} — ${LOCATION_FLAG_LABELS.outside_location.toLowerCase()}${location.radius_m !== null ? ` (${metres(location.radius_m)} radius)` : ''}: your manager sees this flag.`;
  return recorded;
}

export function ClockLocationNote({ clock }: { clock: MyClock | undefined }) {
  const entry = clock?.open ?? clock?.last ?? null;
  const recorded = (entry?.events ?? []).filter((event): event is ClockEvent & { location: EventLocation } => Boolean(event.location));
  if (!clock?.record_location && recorded.length === 0) return null;
  return (
    <>
      {clock?.record_location && (
        <Text size="sm" c="dimmed" data-testid="clock-location-notice">
          Your company records where you clock at {clock.record_location.location_name}: your phone asks to share its position when you tap.
        </Text>
      )}
      {recorded.length > 0 && (
        <List size="sm" spacing={2} aria-label="Locations recorded" data-testid="clock-locations">
          {recorded.map((event) => (
            <List.Item key={event.id} c={event.location.flag ? 'orange.8' : undefined}>
              {CLOCK_EVENT_LABELS[event.kind]} {formatLondon(event.at, DATE_FORMATS.time)}: {locationText(event.location)}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
