// /leave-and-absences/timeline: who is off when, by week or by month (previous, next, today,
// a department filter), as a grid on wider screens and a per-day agenda on phones, with bank
// holidays and blocked dates shaded and a key. Refreshed by realtime (absence-timeline).
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Skeleton.css';
import { ActionIcon, Button, Group, MultiSelect, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { londonDate } from '../../../shared/dates';
import { departmentsQueryOptions } from '../../../client/api/reference-lists';
import { FIRST_TIMELINE_VIEW, timelineQueryOptions } from './insights.api';
import { LeaveNav } from './leave-nav';
import { TimelineAgenda } from './timeline/timeline-agenda';
import { TimelineGrid } from './timeline/timeline-grid';
import { TimelineLegend } from './timeline/timeline-legend';
import { agendaOf, daysOf, rangeFor, rangeLabel, step, type TimelineView } from './timeline/timeline-model';
import { LoadError } from '../../../client/ui/load-error';
import { LEAVE_SCREENS } from './leave.screens';
import { usePhone } from '../../../client/ui/phone';

export function TimelinePage() {
  usePageTitle(LEAVE_SCREENS.timeline.heading);
  const today = londonDate(new Date());
  const [view, setView] = useState<TimelineView>(FIRST_TIMELINE_VIEW);
  const [anchor, setAnchor] = useState(today);
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const phone = usePhone();
  const departments = useQuery(departmentsQueryOptions());
  const range = rangeFor(view, anchor);
  const days = daysOf(range);
  const timeline = useQuery(timelineQueryOptions({ ...range, ...(departmentIds.length ? { department_id: departmentIds } : {}) }));
  const label = rangeLabel(view, range);

  let body;
  if (timeline.isPending) {
    body = <Skeleton h={240} radius="md" aria-label="Loading the timeline" />;
  } else if (timeline.isError) {
    body = <LoadError what="timeline" error={timeline.error} onRetry={() => void timeline.refetch()} />;
  } else if (timeline.data.people.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center">Nobody to show for these filters.</Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm">
        {phone ? (
          <TimelineAgenda days={agendaOf(timeline.data, days)} month={view === 'month'} />
        ) : (
          <TimelineGrid timeline={timeline.data} days={days} caption={`Who is off, ${label}`} />
        )}
        <TimelineLegend absences={timeline.data.absences} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{LEAVE_SCREENS.timeline.heading}</Title>
      <LeaveNav />
      <Group justify="space-between" gap="sm" align="flex-end">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={view === 'week' ? 'Previous week' : 'Previous month'}
            onClick={() => setAnchor(step(view, anchor, -1))}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={view === 'week' ? 'Next week' : 'Next month'}
            onClick={() => setAnchor(step(view, anchor, 1))}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
          <Text fw={600} aria-live="polite">
            {label}
          </Text>
        </Group>
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => setView(value as TimelineView)}
          data={[
            { value: 'week', label: 'Week' },
            { value: 'month', label: 'Month' },
          ]}
        />
      </Group>
      <MultiSelect
        label="Department"
        data={(departments.data?.results ?? []).map((item) => ({ value: item.id, label: item.name }))}
        value={departmentIds}
        onChange={setDepartmentIds}
        placeholder={departmentIds.length ? undefined : 'All departments'}
        searchable
        clearable
        maw={phone ? undefined : 420}
        comboboxProps={{ withinPortal: true, shadow: 'md' }}
      />
      {body}
    </Stack>
  );
}
