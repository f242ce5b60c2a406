// One day of the rota on a timeline: a bar per shift across the London hours the day covers
// (drafts hatched lighter, open shifts in teal), and below it how many people are on in each
// hour, with the hours an open shift leaves uncovered marked. Each bar opens the shift.
import { Box, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { dayOffLabel, type Shift } from '../rotas.contract';
import { dayTimeline, hourLabel } from './rota-day-model';
import { dayLabel, timesOf } from './rota-format';

type Props = { shifts: readonly Shift[]; day: string; onOpen: (shift: Shift) => void };

const NAME_WIDTH = 150;

export function RotaDayView({ shifts, day, onOpen }: Props) {
  const timeline = dayTimeline(shifts, day);
  const span = timeline.endHour - timeline.startHour;
  const ticks = timeline.hours.filter((_, index) => span <= 12 || index % 2 === 0);
  return (
    <Paper withBorder radius="md" p="sm" style={{ overflowX: 'auto' }} aria-label={`Rota for ${dayLabel(day)}`}>
      <Stack gap={6} miw={520}>
        <Group gap={0} wrap="nowrap" aria-hidden="true">
          <Box w={NAME_WIDTH} style={{ flexShrink: 0 }} />
          <Box pos="relative" h={18} style={{ flex: 1 }}>
            {ticks.map((cover) => (
              <Text
                key={cover.hour}
                size="xs"
                c="dimmed"
                pos="absolute"
                style={{ left: `${((cover.hour - timeline.startHour) / span) * 100}%` }}
              >
                {hourLabel(cover.hour)}
              </Text>
            ))}
          </Box>
        </Group>
        {timeline.bars.length === 0 && (
          <Text size="sm" c="dimmed" py="md" ta="center">
            No shifts on {dayLabel(day)}.
          </Text>
        )}
        {timeline.bars.map(({ shift, left, width }) => {
          const name = shift.user_name ?? 'Open shift';
          const colour = shift.user_id ? shift.colour : 'teal';
          return (
            <Group key={shift.id} gap={0} wrap="nowrap">
              <Text
                size="sm"
                w={NAME_WIDTH}
                truncate
                fw={shift.user_id ? 500 : 600}
                c={shift.user_id ? undefined : 'teal'}
                style={{ flexShrink: 0 }}
              >
                {name}
              </Text>
              <Box pos="relative" h={28} style={{ flex: 1, background: 'var(--mantine-color-gray-0)', borderRadius: 4 }}>
                <Tooltip label={`${timesOf(shift)}${shift.role ? ` · ${shift.role}` : ''}${shift.published ? '' : ' · draft'}`}>
                  <UnstyledButton
                    onClick={() => onOpen(shift)}
                    aria-label={`${name}, ${timesOf(shift)}${shift.role ? `, ${shift.role}` : ''}${shift.published ? '' : ', draft'}${shift.day_off ? `, ${dayOffLabel(shift.day_off)}` : ''}: open`}
                    pos="absolute"
                    top={2}
                    bottom={2}
                    px={6}
                    style={{
                      left: `${left}%`,
                      width: `${width}%`,
                      borderRadius: 4,
                      background: `var(--mantine-color-${colour}-${shift.published ? 6 : 3})`,
                      color: shift.published ? 'white' : 'var(--mantine-color-dark-7)',
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                      fontSize: 12,
                    }}
                  >
                    {shift.day_off ? `${dayOffLabel(shift.day_off)} · ` : ''}
                    {timesOf(shift)} {shift.role}
                  </UnstyledButton>
                </Tooltip>
              </Box>
            </Group>
          );
        })}
        <Group gap={0} wrap="nowrap" mt={4}>
          <Text size="xs" c="dimmed" w={NAME_WIDTH} style={{ flexShrink: 0 }}>
            On shift
          </Text>
          <Group gap={0} wrap="nowrap" style={{ flex: 1 }} aria-label="People on shift each hour">
            {timeline.hours.map((cover) => (
              <Box
                key={cover.hour}
                style={{
                  flex: 1,
                  textAlign: 'center',
                  fontSize: 12,
                  padding: '2px 0',
                  borderLeft: '1px solid var(--mantine-color-gray-3)',
                  background: cover.open > 0 ? 'var(--mantine-color-orange-1)' : undefined,
                }}
                title={`${hourLabel(cover.hour)}: ${cover.staffed} on shift${cover.open ? `, ${cover.open} open` : ''}`}
              >
                {cover.staffed}
                {cover.open > 0 ? <Text span c="orange.8" size="xs">{` +${cover.open}`}</Text> : null}
              </Box>
            ))}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
