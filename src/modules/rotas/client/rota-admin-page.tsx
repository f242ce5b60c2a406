// /rotas/admin, Rota Management: a department's week by person (or by location or department)
// with hours and cost, or one day on a timeline with who is on each hour; drafts and published
// shifts, add / change / drag to move, copy last week, templates, publish the week (people are
// told once), shifts on days their person is away marked and offered as open shifts, and the
// swaps waiting for approval. A day list on phones.
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { ActionIcon, Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { departmentsQueryOptions } from '../../../client/api/reference-lists';
import { isApiError } from '../../../client/api/api-client';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { LoadError } from '../../../client/ui/load-error';
import { addDays, londonDate, thisWeek, weekOf } from '../../../shared/dates';
import { dayOffLabel, type Shift } from '../rotas.contract';
import { DaysOffAlert } from './rota-days-off-alert';
import { RotaDayView } from './rota-day-view';
import { dayLabel, shortDayLabel, shiftDate, timesOf } from './rota-format';
import { movedShift, type RowPlace } from './rota-grid-model';
import { RotaTemplates } from './rota-templates';
import { RotaWeekGrid } from './rota-week-grid';
import {
  copyWeekMutationOptions,
  publishMutationOptions,
  rotaGridQueryOptions,
  saveShiftMutationOptions,
  swapsQueryOptions,
} from './rotas.api';
import { ShiftFormModal, type ShiftDraft } from './shift-form-modal';
import { SwapList } from './swap-list';
import { usePhone } from '../../../client/ui/phone';
import { ROTAS_SCREENS } from './rotas.screens';

export function RotaAdminPage() {
  usePageTitle(ROTAS_SCREENS.management.heading);
  const queryClient = useQueryClient();
  const phone = usePhone();
  const [monday, setMonday] = useState(thisWeek);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [by, setBy] = useState<'person' | RowPlace>('person');
  const [view, setView] = useState<'week' | 'day'>('week');
  const [chosenDay, setChosenDay] = useState(() => londonDate(new Date()));
  const departments = useQuery(departmentsQueryOptions());
  const days = weekOf(monday);
  const day = days.includes(chosenDay) ? chosenDay : monday;
  const range = { from: monday, to: addDays(monday, 6), ...(departmentId ? { department_id: departmentId } : {}) };
  const grid = useQuery(rotaGridQueryOptions(range));
  const swaps = useQuery(swapsQueryOptions());
  const publish = useMutation(publishMutationOptions(queryClient));
  const copy = useMutation(copyWeekMutationOptions(queryClient));
  const save = useMutation(saveShiftMutationOptions(queryClient));
  const drafts = grid.data?.shifts.filter((s) => !s.published || s.changed_after_publish).length ?? 0;

  const move = (shift: Shift, to: { date: string; userId: string | null }) => {
    if (shift.user_id === to.userId && shiftDate(shift) === to.date) return;
    const moved = movedShift(shift, to);
    const body = {
      user_id: moved.user_id,
      department_id: moved.department_id,
      location_id: moved.location_id,
      start_at: moved.start_at,
      end_at: moved.end_at,
      break_minutes: moved.break_minutes,
      role: moved.role,
      notes: moved.notes,
      colour: moved.colour,
      override_reason: null,
    };
    save.mutate(
      { id: shift.id, body },
      {
        // Warnings need a reason: open the form on the moved shift so the manager sees them.
        onError: (error) => {
          if (isApiError(error, 422)) setDraft({ date: to.date, userId: to.userId, departmentId: shift.department_id, shift: moved });
        },
      },
    );
  };

  let body;
  if (!grid.data && grid.isError) body = <LoadError what="rota" error={grid.error} onRetry={() => void grid.refetch()} />;
  else if (!grid.data) body = <Skeleton h={320} radius="md" aria-label="Loading the rota" />;
  else if (view === 'day') {
    body = (
      <Stack gap="xs">
        <SegmentedControl
          value={day}
          onChange={setChosenDay}
          aria-label="Day"
          fullWidth
          data={days.map((d) => ({ value: d, label: shortDayLabel(d).slice(0, 3) }))}
        />
        <Group justify="space-between">
          <Text fw={600}>{dayLabel(day)}</Text>
          {grid.data.may_build && (
            <Button size="xs" variant="light" onClick={() => setDraft({ date: day, userId: null, departmentId })}>
              Add a shift on this day
            </Button>
          )}
        </Group>
        <RotaDayView
          shifts={grid.data.shifts}
          day={day}
          onOpen={(shift) => setDraft({ date: shiftDate(shift), userId: shift.user_id, departmentId: shift.department_id, shift })}
        />
      </Stack>
    );
  } else if (phone) {
    body = (
      <Stack gap="sm">
        {days.map((day) => {
          const shifts = grid.data.shifts.filter((s) => shiftDate(s) === day);
          return (
            <Paper key={day} withBorder radius="md" p="sm">
              <Group justify="space-between">
                <Text fw={600}>{dayLabel(day)}</Text>
                <Button size="xs" variant="subtle" onClick={() => setDraft({ date: day, userId: null, departmentId })}>
                  Add
                </Button>
              </Group>
              {shifts.length === 0 && (
                <Text size="sm" c="dimmed">
                  No shifts.
                </Text>
              )}
              {shifts.map((s) => (
                <Button
                  key={s.id}
                  variant="subtle"
                  fullWidth
                  justify="space-between"
                  aria-label={`${timesOf(s)} · ${s.user_name ?? 'Open shift'}${s.published ? '' : ' (draft)'}${s.day_off ? `, ${dayOffLabel(s.day_off)}` : ''}`}
                  rightSection={
                    s.day_off ? (
                      <Badge color="red" variant="light" tt="none">
                        {dayOffLabel(s.day_off)}
                      </Badge>
                    ) : undefined
                  }
                  onClick={() => setDraft({ date: day, userId: s.user_id, departmentId: s.department_id, shift: s })}
                >
                  {timesOf(s)} · {s.user_name ?? 'Open shift'}
                  {s.published ? '' : ' (draft)'}
                </Button>
              ))}
            </Paper>
          );
        })}
      </Stack>
    );
  } else {
    body = (
      <RotaWeekGrid
        grid={grid.data}
        by={by}
        days={days}
        onOpen={(shift) => setDraft({ date: shiftDate(shift), userId: shift.user_id, departmentId: shift.department_id, shift })}
        onAdd={({ date, userId }) => setDraft({ date, userId, departmentId })}
        onMove={move}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{ROTAS_SCREENS.management.heading}</Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        {/* The week's name goes under the buttons on a phone rather than squeezing "This week". */}
        <Group gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => setMonday(addDays(monday, -7))}>
              <IconChevronLeft size={18} aria-hidden="true" />
            </ActionIcon>
            <Button variant="default" style={{ flexShrink: 0 }} onClick={() => setMonday(thisWeek())}>
              This week
            </Button>
            <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => setMonday(addDays(monday, 7))}>
              <IconChevronRight size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
          <Text fw={600}>Week of {dayLabel(monday)}</Text>
        </Group>
        <Select
          label="Department"
          placeholder="All my departments"
          clearable
          w={220}
          data={(departments.data?.results ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={departmentId}
          onChange={setDepartmentId}
        />
      </Group>
      <Group gap="xs">
        <Button onClick={() => setDraft({ date: monday, userId: null, departmentId })}>Add shift</Button>
        <Button
          variant="light"
          disabled={!departmentId}
          title={departmentId ? undefined : 'Choose a department first'}
          loading={copy.isPending}
          onClick={() =>
            departmentId &&
            copy.mutate(
              { from_week: addDays(monday, -7), to_week: monday, department_id: departmentId },
              { onSuccess: (r) => showSuccessToast({ message: `${r.copied} shifts copied from last week as drafts.` }) },
            )
          }
        >
          Copy last week
        </Button>
        <Button
          color="green"
          loading={publish.isPending}
          disabled={drafts === 0}
          onClick={() =>
            publish.mutate(range, {
              onSuccess: (r) =>
                showSuccessToast({
                  message: `${r.published} shifts published; ${r.notified} ${r.notified === 1 ? 'person' : 'people'} told.`,
                }),
            })
          }
        >
          Publish week{drafts > 0 ? ` (${drafts})` : ''}
        </Button>
        {departmentId && <RotaTemplates departmentId={departmentId} week={monday} />}
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as 'week' | 'day')}
          aria-label="View"
          data={[
            { value: 'week', label: 'Week' },
            { value: 'day', label: 'Day' },
          ]}
        />
        {view === 'week' && (
          <SegmentedControl
            visibleFrom="sm"
            value={by}
            onChange={(value) => setBy(value as 'person' | RowPlace)}
            aria-label="Rows"
            data={[
              { value: 'person', label: 'By person' },
              { value: 'location', label: 'By location' },
              { value: 'department', label: 'By department' },
            ]}
          />
        )}
      </Group>
      {grid.data?.may_build && <DaysOffAlert shifts={grid.data.shifts} />}
      {drafts > 0 && (
        <Alert color="blue" variant="light">
          {drafts} {drafts === 1 ? 'shift is' : 'shifts are'} not yet published: people see shifts only once they are published.
        </Alert>
      )}
      {body}
      {swaps.data && <SwapList swaps={swaps.data} manage />}
      {draft && grid.data && (
        <ShiftFormModal
          key={draft.shift?.id ?? `${draft.date}-${draft.userId}`}
          draft={draft}
          people={grid.data.people}
          onClose={() => setDraft(null)}
        />
      )}
    </Stack>
  );
}
