// The timeline's key: the colours of the leave types on screen, how a pending absence looks,
// and the shading of bank holidays, blocked dates and weekends.
import { Box, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { Absence } from '../../absences.contract';
import { leaveColour, leaveTypeName, leaveTypeOf } from '../absence/absence-format';
import { BLOCKED_SHADE, HOLIDAY_SHADE, WEEKEND_SHADE } from './timeline-grid';

function Key({ label, style }: { label: string; style: CSSProperties }) {
  return (
    <Group gap={6} wrap="nowrap" component="li">
      <Box
        w={16}
        h={12}
        style={{ borderRadius: 3, flex: 'none', border: '1px solid var(--mantine-color-default-border)', ...style }}
        aria-hidden="true"
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

export function TimelineLegend({ absences }: { absences: Absence[] }) {
  const types = new Map<string, { name: string; colour: string }>();
  for (const absence of absences) {
    const type = leaveTypeOf(absence);
    const key = type?.id ?? 'away';
    if (!types.has(key)) types.set(key, { name: leaveTypeName(absence), colour: leaveColour(type) });
  }
  return (
    <Group gap="md" component="ul" aria-label="Key" m={0} p={0} style={{ listStyle: 'none' }}>
      {[...types.entries()].map(([key, type]) => (
        <Key key={key} label={type.name} style={{ background: type.colour }} />
      ))}
      <Key
        label="Waiting for approval"
        style={{ background: 'repeating-linear-gradient(135deg, var(--mantine-color-gray-6) 0 3px, var(--mantine-color-body) 3px 7px)' }}
      />
      <Key label="Bank holiday" style={{ background: HOLIDAY_SHADE }} />
      <Key label="Blocked dates" style={{ background: BLOCKED_SHADE }} />
      <Key label="Weekend" style={{ background: WEEKEND_SHADE }} />
    </Group>
  );
}
