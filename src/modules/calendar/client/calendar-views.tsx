// The three calendar views: a month grid (Monday first), a week of days side by side, and an
// agenda of the days that have something (the phone's default).
import { Anchor, Badge, Box, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { dayLabel, daysBetween, entriesOn, timeOf, WEEKDAYS } from './calendar-model';

function EntryLine({ entry, compact = false }: { entry: CalendarEntry; compact?: boolean }) {
  const text = `${timeOf(entry)}${entry.title}`;
  const style = { borderLeft: `3px solid var(--mantine-color-${entry.colour}-6)`, paddingLeft: 4 };
  const body = (
    <Text size={compact ? 'xs' : 'sm'} truncate={compact} style={style}>
      {text}
    </Text>
  );
  return entry.href ? (
    <Anchor component={Link} to={entry.href} underline="never" c="inherit" aria-label={text}>
      {body}
    </Anchor>
  ) : (
    body
  );
}

export function MonthView({
  from,
  to,
  month,
  today,
  entries,
}: {
  from: string;
  to: string;
  month: string;
  today: string;
  entries: CalendarEntry[];
}) {
  const days = daysBetween(from, to);
  return (
    // A section of days, each named in full for screen readers (the weekday row above is for the
    // eye); days outside the month are greyed with a tint and dimmed words, not faded, so their
    // words keep 4.5:1.
    <Paper withBorder radius="md" p="xs" component="section" aria-label="Month">
      <SimpleGrid cols={7} spacing={4}>
        {WEEKDAYS.map((name) => (
          <Text key={name} size="xs" fw={700} ta="center" aria-hidden="true">
            {name}
          </Text>
        ))}
        {days.map((day) => {
          const found = entriesOn(entries, day);
          const outside = day.slice(0, 7) !== month;
          return (
            <Box
              key={day}
              p={4}
              mih={96}
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 6,
                background: day === today ? 'var(--mantine-color-blue-light)' : outside ? 'var(--mantine-color-gray-1)' : undefined,
              }}
            >
              <Text size="xs" fw={700} c={outside ? 'dimmed' : undefined}>
                <VisuallyHidden>{dayLabel(day)}</VisuallyHidden>
                <span aria-hidden="true">{Number(day.slice(8))}</span>
              </Text>
              <Stack gap={2}>
                {found.slice(0, 3).map((entry) => (
                  <EntryLine key={entry.id} entry={entry} compact />
                ))}
                {found.length > 3 && (
                  <Text size="xs" c="dimmed">
                    +{found.length - 3} more
                  </Text>
                )}
              </Stack>
            </Box>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}

export function WeekView({ from, to, today, entries }: { from: string; to: string; today: string; entries: CalendarEntry[] }) {
  return (
    <SimpleGrid cols={7} spacing={6}>
      {daysBetween(from, to).map((day) => (
        <Paper
          key={day}
          withBorder
          radius="md"
          p="xs"
          mih={220}
          style={{ background: day === today ? 'var(--mantine-color-blue-light)' : undefined }}
        >
          <Text size="sm" fw={700} mb={4}>
            {dayLabel(day).replace(/ \d{4}$/, '')}
          </Text>
          <Stack gap={4}>
            {entriesOn(entries, day).map((entry) => (
              <EntryLine key={entry.id} entry={entry} compact />
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function AgendaView({ from, to, entries }: { from: string; to: string; entries: CalendarEntry[] }) {
  const days = daysBetween(from, to).filter((day) => entriesOn(entries, day).length > 0);
  if (days.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center">Nothing in these four weeks.</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {days.map((day) => (
        <Paper key={day} withBorder radius="md" p="sm" component="section" aria-label={dayLabel(day)}>
          <Text fw={700} mb={4}>
            {dayLabel(day)}
          </Text>
          <Stack gap={4}>
            {entriesOn(entries, day).map((entry) => (
              <Box key={entry.id} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                <Badge size="xs" variant="light" color={entry.colour} style={{ flexShrink: 0 }}>
                  {entry.kind.replace('_', ' ')}
                </Badge>
                <EntryLine entry={entry} />
              </Box>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
