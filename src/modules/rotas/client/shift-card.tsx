// One shift as a shift worker sees it: day and times, role, department and place, who works
// alongside, "Off sick" or "On leave" when they are away that day, and room for an action
// (offer a swap, claim).
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { dayOffDetail, type Colleague, type Shift } from '../rotas.contract';
import { dayLabel, paidLabel, shiftDate, timesOf } from './rota-format';

export function ShiftCard({
  shift,
  colleagues,
  action,
  status,
}: {
  shift: Shift;
  colleagues?: Colleague[];
  action?: ReactNode;
  status?: ReactNode;
}) {
  const place = [shift.department_name, shift.location_name].filter(Boolean).join(', ');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ borderLeft: `4px solid var(--mantine-color-${shift.colour}-6)` }}
      aria-label={`Shift ${dayLabel(shiftDate(shift))} ${timesOf(shift)}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{dayLabel(shiftDate(shift))}</Text>
            <Text size="lg" fw={700}>
              {timesOf(shift)}
            </Text>
          </div>
          <Group gap={4} justify="flex-end">
            {shift.day_off && (
              <Badge color="red" variant="light" tt="none">
                {dayOffDetail(shift.day_off)}
              </Badge>
            )}
            {status}
          </Group>
        </Group>
        <Text size="sm">
          {shift.role || 'Shift'} · {place}
        </Text>
        <Text size="xs" c="dimmed">
          {paidLabel(shift)}
          {shift.break_minutes > 0 ? ` · ${shift.break_minutes} min break` : ''}
        </Text>
        {shift.notes && <Text size="sm">{shift.notes}</Text>}
        {colleagues && colleagues.length > 0 && (
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              With:
            </Text>
            {colleagues.map((colleague) => (
              <Badge key={`${colleague.name}-${colleague.role}`} variant="light" color="gray" size="sm" tt="none">
                {colleague.name}
              </Badge>
            ))}
          </Group>
        )}
        {action && <Group justify="flex-end">{action}</Group>}
      </Stack>
    </Paper>
  );
}
