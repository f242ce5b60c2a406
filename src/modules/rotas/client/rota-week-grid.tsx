// The manager's week: a row per person (open shifts last), a column per day, paid hours and
// cost per person and per day. Drafts are dashed. On a desktop a shift can be dragged to
// another person or day; a click opens it, and an empty cell adds a shift there.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import { ActionIcon, Box, Paper, Switch, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { formatDuration } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { dayOffLabel, type RotaGrid, type Shift } from '../rotas.contract';
import { dayTotals, gridRows, OPEN_ROW, placeRows, type RowPlace } from './rota-grid-model';
import { shortDayLabel, timesOf } from './rota-format';
import { optOutMutationOptions } from './rotas.api';

type Props = {
  grid: RotaGrid;
  /** Rows by person (drag to move, add per cell) or by location or department (read and open only). */
  by: 'person' | RowPlace;
  days: string[];
  onOpen: (shift: Shift) => void;
  onAdd: (input: { date: string; userId: string | null }) => void;
  onMove: (shift: Shift, to: { date: string; userId: string | null }) => void;
};

const DRAG_TYPE = 'application/x-stafflane-shift';

/** A shift in a cell; in a week by place the cell holds several people's, so it names whose. */
function ShiftChip({ shift, onOpen, named }: { shift: Shift; onOpen: (shift: Shift) => void; named: boolean }) {
  const colour = `var(--mantine-color-${shift.colour}-6)`;
  return (
    <UnstyledButton
      draggable
      onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, shift.id)}
      onClick={() => onOpen(shift)}
      style={{
        display: 'block',
        width: '100%',
        padding: '2px 6px',
        marginBottom: 4,
        borderRadius: 6,
        borderLeft: `4px solid ${colour}`,
        border: shift.published ? undefined : `1px dashed ${colour}`,
        background: `var(--mantine-color-${shift.colour}-light)`,
      }}
    >
      <Text size="xs" fw={600}>
        {timesOf(shift)}
      </Text>
      {/* Its name is its words (what it shows, then what only a screen reader needs), so a voice command can say what it sees. */}
      {named ? (
        <Text size="xs" truncate>
          {shift.user_name ?? 'Open shift'}
        </Text>
      ) : (
        <VisuallyHidden>{shift.user_name ?? 'Open shift'}</VisuallyHidden>
      )}
      <Text size="xs" c="dimmed" truncate>
        {shift.role || shift.department_name}
        {shift.published ? (shift.changed_after_publish ? ' · changed' : '') : ' · draft'}
        {shift.swap_status ? ' · swap' : ''}
      </Text>
      {shift.day_off && (
        <Text size="xs" fw={700} c="red.8" truncate>
          {dayOffLabel(shift.day_off)}
        </Text>
      )}
    </UnstyledButton>
  );
}

const ROW_HEADINGS: Record<Props['by'], string> = { person: 'Person', location: 'Location', department: 'Department' };

export function RotaWeekGrid({ grid, by, days, onOpen, onAdd, onMove }: Props) {
  const rows = by === 'person' ? gridRows(grid, days) : placeRows(grid, days, by);
  const byPerson = by === 'person';
  const optOut = useMutation(optOutMutationOptions(useQueryClient()));
  const totals = dayTotals(grid, days);
  const byId = new Map(grid.shifts.map((shift) => [shift.id, shift]));
  const drop = (event: React.DragEvent, date: string, userId: string | null) => {
    event.preventDefault();
    const shift = byId.get(event.dataTransfer.getData(DRAG_TYPE));
    if (shift) onMove(shift, { date, userId });
  };
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table withColumnBorders stickyHeader miw={900} aria-label="Rota for the week">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{ROW_HEADINGS[by]}</Table.Th>
            {days.map((day) => (
              <Table.Th key={day}>{shortDayLabel(day)}</Table.Th>
            ))}
            <Table.Th w={110}>Week</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">
                <Text size="sm" fw={600} c={row.id === OPEN_ROW ? 'teal' : undefined}>
                  {row.name}
                </Text>
                {row.person && grid.may_build && (
                  <Switch
                    size="xs"
                    mt={4}
                    label="Opted out of 48 h"
                    checked={row.person.working_time_opt_out}
                    disabled={optOut.isPending}
                    onChange={(event) => optOut.mutate({ userId: row.id, optOut: event.currentTarget.checked })}
                  />
                )}
              </Table.Th>
              {days.map((day) => (
                <Table.Td
                  key={day}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => byPerson && drop(event, day, row.id === OPEN_ROW ? null : row.id)}
                  style={{ verticalAlign: 'top', minWidth: 100 }}
                >
                  {row.cells[day]?.map((shift) => (
                    <ShiftChip key={shift.id} shift={shift} onOpen={onOpen} named={!byPerson} />
                  ))}
                  {grid.may_build && byPerson && (
                    <Box ta="center">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`Add a shift for ${row.name} on ${shortDayLabel(day)}`}
                        onClick={() => onAdd({ date: day, userId: row.id === OPEN_ROW ? null : row.id })}
                      >
                        <IconPlus size={14} aria-hidden />
                      </ActionIcon>
                    </Box>
                  )}
                </Table.Td>
              ))}
              <Table.Td>
                <Text size="sm">{formatDuration(row.minutes)}</Text>
                {row.cost > 0 && (
                  <Text size="xs" c="dimmed">
                    {formatPounds(row.cost)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Day total</Table.Th>
            {totals.map((total) => (
              <Table.Td key={total.date}>
                <Text size="sm">{formatDuration(total.minutes)}</Text>
                <Text size="xs" c="dimmed">
                  {formatPounds(total.cost)}
                  {total.unpriced > 0 ? ` (+${total.unpriced} without a rate)` : ''}
                </Text>
              </Table.Td>
            ))}
            <Table.Td>
              <Text size="sm" fw={600}>
                {formatDuration(totals.reduce((sum, t) => sum + t.minutes, 0))}
              </Text>
              <Text size="xs" c="dimmed">
                {formatPounds(totals.reduce((sum, t) => sum + t.cost, 0))}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
