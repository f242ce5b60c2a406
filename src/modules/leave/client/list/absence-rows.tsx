// The absence list's rows: a table on wider screens, cards on phones. Rows the caller may
// decide on carry a checkbox (for "Approve selected") and inline Approve / Decline; each
// person's name opens the absence.
import '@mantine/core/styles/Card.css';
import { Anchor, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Absence } from '../../absences.contract';
import { absenceDates, formatAmount, leaveColour, leaveTypeName, leaveTypeOf, personName } from '../absence/absence-format';
import { AbsenceStatusBadge } from '../absence/absence-status-badge';
import { RowsTable, SelectRow, type RowColumn, type RowSelection } from '../../../../client/ui/rows-view';

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

const COLUMNS: RowColumn<Absence>[] = [
  {
    label: 'Person',
    render: (row) => (
      <>
        <NameLink absence={row} />
        {row.user.department_name && (
          <Text size="xs" c="dimmed">
            {row.user.department_name}
          </Text>
        )}
      </>
    ),
  },
  { label: 'Leave type', render: (row) => <LeaveType absence={row} /> },
  { label: 'Dates', render: absenceDates },
  { label: 'Deducted', render: length },
  { label: 'Status', render: (row) => <AbsenceStatusBadge status={row.status} /> },
];

const selectionOf = ({ selected, onToggle, onToggleAll }: RowsProps): RowSelection<Absence> | null =>
  selected && {
    selected,
    onToggle,
    onToggleAll,
    allLabel: 'Select all that I can approve',
    nameOf: (absence) => personName(absence.user),
    selectable: (absence) => absence.can_approve,
  };

export function AbsenceTable(props: RowsProps) {
  const { rows, onApprove, onDecline, busyId } = props;
  return (
    <RowsTable
      label="Absences"
      rows={rows}
      columns={[
        ...COLUMNS,
        {
          label: 'Actions',
          hideLabel: true,
          render: (row) => <Decisions absence={row} onApprove={onApprove} onDecline={onDecline} busyId={busyId} />,
        },
      ]}
      selection={selectionOf(props)}
      minWidth={720}
      striped={false}
      highlightOnHover
      verticalSpacing="sm"
    />
  );
}

export function AbsenceCards(props: RowsProps) {
  const { rows, onApprove, onDecline, busyId } = props;
  const selection = selectionOf(props);
  return (
    <Stack gap="sm" role="list" aria-label="Absences">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="sm" role="listitem">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="nowrap" miw={0}>
                {selection && <SelectRow row={row} selection={selection} />}
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
            <Decisions absence={row} onApprove={onApprove} onDecline={onDecline} busyId={busyId} full />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
