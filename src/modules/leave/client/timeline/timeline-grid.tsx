// The timeline as a grid (wider screens): a row per person, a column per day. Weekends are
// dimmed; a person's bank holidays (by their region) are shaded grey and blocked periods
// hatched red, each with a title. Day headers that carry a holiday or a blocked period can be
// focused, so the title is reachable from the keyboard too. A month scrolls inside its own box.
import '@mantine/core/styles/Table.css';
import { Box, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { Timeline } from '../../leave-insights.contract';
import { formatDate, personName } from '../absence/absence-format';
import { TimelineBar } from './timeline-bar';
import { blockedFor, columnLabel, holidayFor, isWeekend, segmentsFor, type TimelinePerson } from './timeline-model';

export const HOLIDAY_SHADE = 'var(--mantine-color-gray-3)';
export const WEEKEND_SHADE = 'var(--mantine-color-gray-1)';
export const BLOCKED_SHADE = 'repeating-linear-gradient(45deg, var(--mantine-color-red-1) 0 4px, var(--mantine-color-body) 4px 8px)';

type Props = { timeline: Timeline; days: string[]; caption: string };

function cellShade(person: TimelinePerson, timeline: Timeline, date: string): { style: CSSProperties; notes: string[] } {
  const holiday = holidayFor(person, timeline.bank_holidays, date);
  const blocked = blockedFor(person, timeline.blocked, date);
  const notes = [holiday ? `Bank holiday: ${holiday.name}` : null, blocked ? `Blocked: ${blocked.name}` : null].filter(
    (note): note is string => note !== null,
  );
  const background = holiday ? HOLIDAY_SHADE : blocked ? BLOCKED_SHADE : isWeekend(date) ? WEEKEND_SHADE : undefined;
  return { style: background ? { background } : {}, notes };
}

/** What a day's column header says about the whole company: holidays and blocked periods anyone shown has. */
function dayNotes(timeline: Timeline, date: string): string[] {
  const notes = new Set<string>();
  for (const person of timeline.people) {
    const holiday = holidayFor(person, timeline.bank_holidays, date);
    if (holiday) notes.add(`Bank holiday: ${holiday.name}`);
    const blocked = blockedFor(person, timeline.blocked, date);
    if (blocked) notes.add(`Blocked: ${blocked.name}`);
  }
  return [...notes];
}

export function TimelineGrid({ timeline, days, caption }: Props) {
  const month = days.length > 7;
  return (
    <Box style={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={month ? 0 : undefined} aria-label={month ? caption : undefined}>
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={0}
        horizontalSpacing={0}
        style={{ tableLayout: 'fixed', minWidth: month ? 180 + days.length * 30 : undefined }}
      >
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180} px="xs" style={{ position: 'sticky', left: 0, zIndex: 2, background: 'var(--mantine-color-body)' }}>
              Person
            </Table.Th>
            {days.map((date) => {
              const notes = dayNotes(timeline, date);
              return (
                <Table.Th
                  key={date}
                  ta="center"
                  fz="xs"
                  py={4}
                  title={notes.length ? notes.join('\n') : formatDate(date)}
                  tabIndex={notes.length ? 0 : undefined}
                  style={isWeekend(date) ? { background: WEEKEND_SHADE } : undefined}
                >
                  {month ? columnLabel(date).split(' ')[1] : columnLabel(date)}
                  {notes.length > 0 && (
                    <>
                      <span aria-hidden="true"> •</span>
                      <VisuallyHidden>{notes.join('. ')}</VisuallyHidden>
                    </>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {timeline.people.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Th
                scope="row"
                px="xs"
                fw={500}
                style={{ position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' }}
              >
                <Text size="sm" truncate>
                  {personName(person)}
                </Text>
              </Table.Th>
              {days.map((date) => {
                const { style, notes } = cellShade(person, timeline, date);
                const segments = segmentsFor(person, timeline.absences, date, days[0] ?? date);
                return (
                  <Table.Td
                    key={date}
                    h={36}
                    p={0}
                    title={notes.length ? notes.join('\n') : undefined}
                    data-testid={`cell-${person.id}-${date}`}
                    data-shade={notes.length ? notes.join('; ') : isWeekend(date) ? 'weekend' : undefined}
                    style={{ position: 'relative', ...style }}
                  >
                    {segments.map((segment) => (
                      <TimelineBar key={segment.absence.id} segment={segment} />
                    ))}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
