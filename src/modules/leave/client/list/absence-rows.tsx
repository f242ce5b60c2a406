// The absence list's rows: a table on wider screens, cards on phones. Rows the caller may
// decide on carry a checkbox (for "Approve selected") and inline Approve / Decline; each
// person's name opens the absence.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Box, Button, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Absence } from '../../absences.contract';
import { absenceDates, formatAmount, leaveColour, leaveTypeName, leaveTypeOf, personName } from '../absence/absence-format';
import { AbsenceStatusBadge } from '../absence/absence-status-badge';

export type RowsProps = {
  rows: Absence[];
  /** Null when nothing on the page can be approved: no checkboxes. */
  selected: ReadonlySet<string> | null;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onApprove: (absence: Absence) => void;
  onDecline: (absence: Absence) => void;
  busyId: string | null;
};

function NameLink({ absence }: { absence: Absence }) {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/absence/$id" params={{ id: absence.id }} />} fw={600}>
      {personName(absence.user)}
    </Anchor>
  );
}

function LeaveType({ absence }: { absence: Absence }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={10} h={10} style={{ borderRadius: '50%', flex: 'none', background: leaveColour(leaveTypeOf(absence)) }} aria-hidden="true" />
      <Text size="sm">{leaveTypeName(absence)}</Text>
    </Group>
  );
}

const length = (absence: Absence) => (absence.deduction > 0 ? formatAmount(absence.deduction, absence.deduction_unit) : '—');

function Decisions({
  absence,
  onApprove,
  onDecline,
  busyId,
  full,
}: Pick<RowsProps, 'onApprove' | 'onDecline' | 'busyId'> & { absence: Absence; full?: boolean }) {
  if (!absence.can_approve) return null;
  const who = personName(absence.user);
  return (
    <Group gap="xs" wrap="nowrap" grow={full}>
      <Button size="xs" color="green" loading={busyId === absence.id} onClick={() => onApprove(absence)} aria-label={`Approve ${who}`}>
        Approve
      </Button>
      <Button size="xs" variant="default" onClick={() => onDecline(absence)} aria-label={`Decline ${who}`}>
        Decline
      </Button>
    </Group>
  );
}

function SelectBox({ absence, selected, onToggle }: { absence: Absence; selected: ReadonlySet<string>; onToggle: (id: string) => void }) {
  if (!absence.can_approve) return null;
  return (
    <Checkbox aria-label={`Select ${personName(absence.user)}`} checked={selected.has(absence.id)} onChange={() => onToggle(absence.id)} />
  );
}

export function AbsenceTable({ rows, selected, onToggle, onToggleAll, ...decisions }: RowsProps) {
  const approvable = rows.filter((row) => row.can_approve);
  const all = selected !== null && approvable.length > 0 && approvable.every((row) => selected.has(row.id));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Absences" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selected && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all that I can approve"
                  checked={all}
                  indeterminate={!all && approvable.some((row) => selected.has(row.id))}
                  onChange={(event) => onToggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th>Person</Table.Th>
            <Table.Th>Leave type</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Deducted</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {selected && (
                <Table.Td>
                  <SelectBox absence={row} selected={selected} onToggle={onToggle} />
                </Table.Td>
              )}
              <Table.Td>
                <NameLink absence={row} />
                {row.user.department_name && (
                  <Text size="xs" c="dimmed">
                    {row.user.department_name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <LeaveType absence={row} />
              </Table.Td>
              <Table.Td>{absenceDates(row)}</Table.Td>
              <Table.Td>{length(row)}</Table.Td>
              <Table.Td>
                <AbsenceStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <Decisions absence={row} {...decisions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AbsenceCards({ rows, selected, onToggle, onToggleAll: _onToggleAll, ...decisions }: RowsProps) {
  return (
    <Stack gap="sm" role="list" aria-label="Absences">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="sm" role="listitem">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="nowrap" miw={0}>
                {selected && <SelectBox absence={row} selected={selected} onToggle={onToggle} />}
                <NameLink absence={row} />
              </Group>
              <AbsenceStatusBadge status={row.status} />
            </Group>
            <LeaveType absence={row} />
            <Text size="sm">{absenceDates(row)}</Text>
            {row.deduction > 0 && (
              <Text size="sm" c="dimmed">
                {formatAmount(row.deduction, row.deduction_unit)} deducted
              </Text>
            )}
            <Decisions absence={row} {...decisions} full />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
