// A record's history as a timeline, oldest first: each event in words, who did it and when
// (London's wall clock), and the note given with it.
import '@mantine/core/styles/Timeline.css';
import { Text, Timeline } from '@mantine/core';
import { DATE_FORMATS, formatLondon } from '../../shared/dates';

export type RecordEvent = { id: string; action: string; actor_name?: string | null; created_at: string; note?: string | null };

export function EventTimeline({ events, wordsOf }: { events: readonly RecordEvent[]; wordsOf: (action: string) => string }) {
  return (
    <Timeline bulletSize={14} lineWidth={2} active={events.length - 1}>
      {events.map((event) => (
        <Timeline.Item key={event.id} title={wordsOf(event.action)}>
          <Text size="xs" c="dimmed">
            {[event.actor_name, formatLondon(event.created_at, DATE_FORMATS.dateTime)].filter(Boolean).join(' · ')}
          </Text>
          {event.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {event.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
