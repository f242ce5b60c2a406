// The timeline on a phone: a list per day instead of a wide grid ("Mon 24 Nov: Ella Evans —
// Annual leave"), with the day's bank holidays and blocked periods, and each absence linking to
// its page when the caller may see it. A week shows every day; a month only the days with something.
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { leaveTypeName, leaveTypeOf, personName } from '../absence/absence-format';
import { barStyle, isWaiting, PART_WORDS } from './timeline-bar';
import { agendaLabel, isWeekend, type AgendaDay } from './timeline-model';

export const NOBODY_OFF = 'Nobody is off.';

export function TimelineAgenda({ days, month }: { days: AgendaDay[]; month: boolean }) {
  const shown = month ? days.filter((day) => day.absences.length + day.holidays.length + day.blocked.length > 0) : days;
  if (shown.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text ta="center">Nobody is off this month.</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm" role="list" aria-label="Who is off, day by day">
      {shown.map((day) => (
        <Paper
          key={day.date}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          bg={isWeekend(day.date) ? 'var(--mantine-color-gray-0)' : undefined}
        >
          <Title order={2} fz="sm" mb={6}>
            {agendaLabel(day.date)}
          </Title>
          <Stack gap={4}>
            {day.holidays.map((name) => (
              <Badge key={`h:${name}`} color="gray" variant="light" style={{ alignSelf: 'flex-start' }}>
                Bank holiday: {name}
              </Badge>
            ))}
            {day.blocked.map((name) => (
              <Badge key={`b:${name}`} color="red" variant="outline" style={{ alignSelf: 'flex-start' }}>
                Blocked: {name}
              </Badge>
            ))}
            {day.absences.length === 0 && day.holidays.length === 0 && (
              <Text size="sm" c="dimmed">
                {NOBODY_OFF}
              </Text>
            )}
            {day.absences.map(({ absence, part }) => {
              const words = `${agendaLabel(day.date)}: ${personName(absence.user)} — ${leaveTypeName(absence)}${PART_WORDS[part]}${isWaiting(absence) ? ' (waiting for approval)' : ''}`;
              const line = `${personName(absence.user)} — ${leaveTypeName(absence)}${PART_WORDS[part]}`;
              return (
                <Group key={absence.id} gap="xs" wrap="nowrap">
                  <Box w={12} h={12} style={{ flex: 'none', borderRadius: 3, ...barStyle(absence) }} aria-hidden="true" />
                  {leaveTypeOf(absence) ? (
                    <Anchor
                      size="sm"
                      aria-label={words}
                      renderRoot={(props) => <Link {...props} to="/absence/$id" params={{ id: absence.id }} />}
                    >
                      {line}
                    </Anchor>
                  ) : (
                    <Text size="sm" aria-label={words}>
                      {line}
                    </Text>
                  )}
                  {isWaiting(absence) && (
                    <Text size="xs" c="dimmed">
                      Pending
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
