// Timesheets (/timesheets), for managers, HR admins and owners: a week by person of clocked
// against rostered time — each entry's shift, clock-in (and lateness), clock-out (and leaving
// early), breaks, hours and flags, with shifts nobody clocked — an edit with a reason (the
// original kept and listed), and approval of one entry or all the week's.
import { Alert, Badge, Button, Group, Modal, NumberInput, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { FormFooter } from '../../../client/ui/form-footer';
import { LoadError } from '../../../client/ui/load-error';
import { addDays, DATE_FORMATS, formatCalendarDate, formatDuration, formatLondon, londonInstant, thisWeek } from '../../../shared/dates';
import { CLOCK_FLAG_LABELS, type TimesheetEntry, type TimesheetPerson } from '../time-clock.contract';
import { ClockingSettingsButton } from './clocking-settings';
import { approveMutationOptions, editEntryMutationOptions, timesheetsQueryOptions } from './time-clock.api';

const time = (at: string) => formatLondon(at, DATE_FORMATS.time);
const day = (date: string) =>
  `${new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })} ${formatCalendarDate(date, DATE_FORMATS.date)}`;
const FIELD_NAMES: Record<string, string> = { clock_in_at: 'Clock-in', clock_out_at: 'Clock-out', break_minutes: 'Breaks' };
const shown = (field: string, value: string | null) => (value === null ? '—' : field === 'break_minutes' ? `${value} min` : time(value));

function EntryRow({ entry, person, onEdit }: { entry: TimesheetEntry; person: TimesheetPerson; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const approve = useMutation(approveMutationOptions(queryClient));
  const open = entry.clock_out_at === null;
  return (
    <Stack gap={4} component="li" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="timesheet-entry">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {day(entry.date)}
          {entry.shift ? ` · shift ${time(entry.shift.start_at)}–${time(entry.shift.end_at)}` : ' · no shift'}
        </Text>
        <Badge color={entry.approval === 'approved' ? 'green' : 'gray'} variant="light" style={{ flex: 'none' }}>
          {entry.exported ? 'Paid' : entry.approval === 'approved' ? 'Approved' : open ? 'Clocked in' : 'To approve'}
        </Badge>
      </Group>
      <Text size="sm">
        In {time(entry.clock_in_at)}
        {entry.late_minutes ? <Text span c="red" size="sm">{` (${formatDuration(entry.late_minutes)} late)`}</Text> : null}
        {' · '}Out {entry.clock_out_at ? time(entry.clock_out_at) : '—'}
        {entry.early_minutes ? <Text span c="orange" size="sm">{` (${formatDuration(entry.early_minutes)} early)`}</Text> : null}
        {' · '}Breaks {formatDuration(entry.break_minutes)}
        {entry.worked_minutes !== null ? ` · Worked ${formatDuration(entry.worked_minutes)}` : ''}
        {entry.rostered_minutes !== null ? ` of ${formatDuration(entry.rostered_minutes)}` : ''}
      </Text>
      {entry.flags.length > 0 && (
        <Group gap={4}>
          {entry.flags.map((flag) => (
            <Badge key={flag} color={flag === 'edited' ? 'blue' : 'orange'} variant="outline" size="sm" style={{ textTransform: 'none' }}>
              {CLOCK_FLAG_LABELS[flag]}
            </Badge>
          ))}
        </Group>
      )}
      {entry.events.some((event) => event.device_time && event.device_time !== event.at) && (
        <Text size="xs" c="dimmed">
          Device times:{' '}
          {entry.events.map((event) => `${event.kind.replace('_', ' ')} ${event.device_time ? time(event.device_time) : '—'}`).join(', ')}
        </Text>
      )}
      {entry.edits.map((edit, index) => (
        <Text key={index} size="xs" c="dimmed">
          {FIELD_NAMES[edit.field] ?? edit.field} changed from {shown(edit.field, edit.from)} to {shown(edit.field, edit.to)} by{' '}
          {edit.edited_by_name}: “{edit.reason}”
        </Text>
      ))}
      {person.approvable && !entry.exported && !open && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          {entry.approval === 'pending' && (
            <Button
              size="xs"
              color="green"
              loading={approve.isPending}
              onClick={() =>
                approve.mutate([entry.id], { onSuccess: () => showSuccessToast({ message: `${person.name}'s time approved.` }) })
              }
            >
              Approve
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

function EditModal({ entry, onClose }: { entry: TimesheetEntry; onClose: () => void }) {
  const queryClient = useQueryClient();
  const edit = useMutation(editEntryMutationOptions(queryClient));
  const [clockIn, setClockIn] = useState(time(entry.clock_in_at));
  const [clockOut, setClockOut] = useState(entry.clock_out_at ? time(entry.clock_out_at) : '');
  const [breaks, setBreaks] = useState<number | string>(entry.break_minutes);
  const [reason, setReason] = useState('');
  const errors = isApiError(edit.error) ? (edit.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const inAt = londonInstant(entry.date, clockIn);
    const outDate = clockOut < clockIn ? addDays(entry.date, 1) : entry.date;
    edit.mutate(
      {
        id: entry.id,
        body: {
          clock_in_at: inAt.toISOString(),
          ...(clockOut ? { clock_out_at: londonInstant(outDate, clockOut).toISOString() } : {}),
          break_minutes: typeof breaks === 'number' ? breaks : Number(breaks) || 0,
          reason,
        },
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${day(entry.date)}`}>
      <form onSubmit={submit}>
        <Stack>
          <Group grow>
            <TextInput
              type="time"
              label="Clock-in"
              value={clockIn}
              onChange={(e) => setClockIn(e.currentTarget.value)}
              required
              error={errors.clock_in_at?.[0]}
            />
            <TextInput
              type="time"
              label="Clock-out"
              value={clockOut}
              onChange={(e) => setClockOut(e.currentTarget.value)}
              required
              error={errors.clock_out_at?.[0]}
            />
          </Group>
          <NumberInput label="Breaks (minutes)" min={0} max={720} value={breaks} onChange={setBreaks} error={errors.break_minutes?.[0]} />
          <Textarea
            label="Reason"
            description="Kept with the original times."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            error={errors.reason?.[0]}
          />
          <FormFooter
            submitting={edit.isPending}
            onCancel={onClose}
            problem={edit.error && !Object.keys(errors).length ? edit.error.message : null}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export function TimesheetsPage({ week, onWeek }: { week: string; onWeek: (week: string) => void }) {
  const queryClient = useQueryClient();
  const sheets = useQuery(timesheetsQueryOptions(week));
  const approveAll = useMutation(approveMutationOptions(queryClient));
  const [editing, setEditing] = useState<TimesheetEntry | null>(null);
  const people = sheets.data?.people ?? [];
  const toApprove = people
    .filter((person) => person.approvable)
    .flatMap((person) =>
      person.entries.filter((entry) => entry.approval === 'pending' && entry.clock_out_at && !entry.exported).map((entry) => entry.id),
    );
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" gap="xs">
        <Title order={1} fz="h2">
          Timesheets
        </Title>
        <ClockingSettingsButton />
        <Button
          color="green"
          disabled={toApprove.length === 0}
          loading={approveAll.isPending}
          onClick={() =>
            approveAll.mutate(toApprove, { onSuccess: (answer) => showSuccessToast({ message: `${answer.approved} approved.` }) })
          }
        >
          {toApprove.length > 0 ? `Approve all (${toApprove.length})` : 'Approve all'}
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="xs" onClick={() => onWeek(addDays(week, -7))} aria-label="Previous week">
          ‹
        </Button>
        <Text fw={600} size="sm">
          Week of {formatCalendarDate(week, DATE_FORMATS.date)}
        </Text>
        <Button variant="default" size="xs" onClick={() => onWeek(addDays(week, 7))} aria-label="Next week">
          ›
        </Button>
        {week !== thisWeek() && (
          <Button variant="subtle" size="xs" onClick={() => onWeek(thisWeek())}>
            This week
          </Button>
        )}
      </Group>
      {sheets.isError && <LoadError what="the timesheets" error={sheets.error} onRetry={() => void sheets.refetch()} />}
      {sheets.data && people.length === 0 && <Alert color="gray">Nobody you look after was rostered or clocked in this week.</Alert>}
      {people.map((person) => (
        <Paper
          key={person.user_id}
          withBorder
          radius="lg"
          p="md"
          component="section"
          aria-label={person.name}
          data-testid="timesheet-person"
        >
          <Group justify="space-between" gap="xs">
            <Stack gap={0}>
              <Text fw={700}>{person.name}</Text>
              {person.department_name && (
                <Text size="xs" c="dimmed">
                  {person.department_name}
                </Text>
              )}
            </Stack>
            <Text size="sm">
              {formatDuration(person.clocked_minutes)} clocked · {formatDuration(person.rostered_minutes)} rostered
            </Text>
          </Group>
          <Stack gap={0} component="ul" m={0} mt="xs" p={0} style={{ listStyle: 'none' }}>
            {person.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} person={person} onEdit={() => setEditing(entry)} />
            ))}
            {person.unclocked_shifts.map((shift) => (
              <Text
                key={shift.id}
                component="li"
                size="sm"
                c={shift.end_at < new Date().toISOString() ? 'red' : 'dimmed'}
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                {day(shift.date)} · shift {time(shift.start_at)}–{time(shift.end_at)} ·{' '}
                {shift.end_at < new Date().toISOString() ? 'not clocked' : 'to come'}
              </Text>
            ))}
          </Stack>
        </Paper>
      ))}
      {editing && <EditModal entry={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
