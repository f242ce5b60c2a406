// /calendar: month, week and agenda views of what the viewer may see (their own and their
// team's absences as their scope allows, shifts, bank holidays of their region, company
// closure days, and whatever later modules register), with filters by department and kind.
// Phones open on the agenda.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Skeleton.css';
import { ActionIcon, Button, Chip, Group, MultiSelect, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { departmentsQueryOptions } from '../../../client/api/reference-lists';
import { usePageTitle } from '../../../client/shell/page-title';
import { LoadError } from '../../../client/ui/load-error';
import { londonDate } from '../../../shared/dates';
import { calendarQueryOptions } from './calendar.api';
import { dayLabel, firstCalendarView, monthLabel, rangeFor, step, type CalendarView } from './calendar-model';
import { AgendaView, MonthView, WeekView } from './calendar-views';
import { CALENDAR_SCREEN } from './calendar.screens';
import { usePhone } from '../../../client/ui/phone';

export function CalendarPage() {
  usePageTitle(CALENDAR_SCREEN.heading);
  const today = londonDate(new Date());
  const phone = usePhone();
  const [view, setView] = useState<CalendarView>(firstCalendarView);
  const [anchor, setAnchor] = useState(today);
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [hidden, setHidden] = useState<string[]>([]);
  const departments = useQuery(departmentsQueryOptions());
  const range = rangeFor(view, anchor);
  const calendar = useQuery(calendarQueryOptions({ ...range, ...(departmentIds.length ? { department_id: departmentIds } : {}) }));
  const entries = (calendar.data?.entries ?? []).filter((entry) => !hidden.includes(entry.kind));
  const label =
    view === 'month' ? monthLabel(anchor) : view === 'week' ? `Week of ${dayLabel(range.from)}` : `From ${dayLabel(range.from)}`;

  let body;
  if (!calendar.data && calendar.isError)
    body = <LoadError what="calendar" error={calendar.error} onRetry={() => void calendar.refetch()} />;
  else if (!calendar.data) body = <Skeleton h={360} radius="md" aria-label="Loading the calendar" />;
  else if (view === 'month') body = <MonthView {...range} month={anchor.slice(0, 7)} today={today} entries={entries} />;
  else if (view === 'week' && !phone) body = <WeekView {...range} today={today} entries={entries} />;
  else body = <AgendaView {...range} entries={entries} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{CALENDAR_SCREEN.heading}</Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => setAnchor(step(view, anchor, -1))}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => setAnchor(step(view, anchor, 1))}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
          <Text fw={600}>{label}</Text>
        </Group>
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as CalendarView)}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'week', label: 'Week' },
            { value: 'agenda', label: 'Agenda' },
          ]}
          aria-label="View"
        />
      </Group>
      <Group gap="sm" align="flex-end">
        <MultiSelect
          label="Departments"
          placeholder="All I may see"
          data={(departments.data?.results ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={departmentIds}
          onChange={setDepartmentIds}
          clearable
          w={260}
        />
        <Chip.Group
          multiple
          value={(calendar.data?.kinds ?? []).map((k) => k.kind).filter((k) => !hidden.includes(k))}
          onChange={(shown) => setHidden((calendar.data?.kinds ?? []).map((k) => k.kind).filter((k) => !shown.includes(k)))}
        >
          <Group gap={6}>
            {(calendar.data?.kinds ?? []).map((kind) => (
              <Chip key={kind.kind} value={kind.kind} color={kind.colour} size="sm">
                {kind.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      {body}
    </Stack>
  );
}
