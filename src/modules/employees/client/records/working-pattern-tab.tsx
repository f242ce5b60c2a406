// The profile's Working pattern tab: the pattern in force today as a Monday-to-Sunday grid
// with its weekly total, then every pattern newest first; a new one can start from a template.
import '@mantine/core/styles/Table.css';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  EMPLOYMENT_RECORD_RESOURCES,
  WEEKDAY_FIELDS,
  type WorkingPatternList,
  type WorkingPatternRecord,
} from '../../employment-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { recordPageQueryOptions } from './employment-records.api';
import { dateText, hoursText } from './employment-records-fields';
import { RecordHistory } from './employment-history';
import { WEEKDAY_LABELS, WorkingPatternForm } from './working-pattern-form';
import { QueryState, RecordSection } from './personal-records-ui';

/** Hours of one weekday: blank for a day off. */
const dayText = (hours: number) => (hours === 0 ? 'Off' : String(Number(hours.toFixed(2))));

export function WeekGrid({ pattern }: { pattern: WorkingPatternRecord }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder withColumnBorders ta="center" aria-label="Current working pattern" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            {WEEKDAY_FIELDS.map((day) => (
              <Table.Th key={day} ta="center">
                <abbr title={WEEKDAY_LABELS[day].long} style={{ textDecoration: 'none' }}>
                  {WEEKDAY_LABELS[day].short}
                </abbr>
              </Table.Th>
            ))}
            <Table.Th ta="center">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {WEEKDAY_FIELDS.map((day) => (
              <Table.Td key={day} c={pattern[day] === 0 ? 'dimmed' : undefined}>
                {dayText(pattern[day])}
              </Table.Td>
            ))}
            <Table.Td fw={700}>{Number(pattern.total_hours.toFixed(2))}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CurrentPattern({ list }: { list: UseQueryResult<WorkingPatternList> }) {
  const current = list.data?.results.find((pattern) => pattern.id === list.data.current_id);
  return (
    <RecordSection title="Current working pattern">
      <QueryState query={list} what="working pattern" />
      {list.data && !current && <Text c="dimmed">No working pattern is in force today.</Text>}
      {current && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Since {dateText(current.start_date)}
            {current.template_name ? ` · from the template “${current.template_name}”` : ''}
          </Text>
          <WeekGrid pattern={current} />
          <Text fw={600}>{hoursText(current.total_hours)} a week</Text>
        </Stack>
      )}
    </RecordSection>
  );
}

export default function WorkingPatternTab({ userId }: ProfileTabProps) {
  // The history's first page: the same query, fetched once.
  const list = useQuery(recordPageQueryOptions<WorkingPatternList>(EMPLOYMENT_RECORD_RESOURCES.workingPattern, { userId, page: 1 }));
  const currentId = list.data?.current_id ?? null;
  return (
    <Stack gap="lg">
      <CurrentPattern list={list} />
      <RecordHistory<WorkingPatternRecord, WorkingPatternList>
        resource={EMPLOYMENT_RECORD_RESOURCES.workingPattern}
        userId={userId}
        title="Pattern history"
        noun="working pattern"
        addLabel="New pattern"
        emptyText="No working patterns have been recorded."
        titleOf={(record) => `pattern from ${dateText(record.start_date) ?? ''}`}
        markOf={(record) => (record.id === currentId ? { label: 'Current', colour: 'green' } : null)}
        columns={[
          { label: 'Starts on', render: (record) => dateText(record.start_date) },
          {
            label: 'Days',
            render: (record) => WEEKDAY_FIELDS.map((day) => `${WEEKDAY_LABELS[day].short} ${dayText(record[day])}`).join(', '),
          },
          { label: 'Weekly hours', render: (record) => hoursText(record.total_hours) },
          { label: 'Template', render: (record) => record.template_name ?? '—' },
        ]}
        renderForm={(props) => <WorkingPatternForm userId={userId} {...props} />}
      />
    </Stack>
  );
}
