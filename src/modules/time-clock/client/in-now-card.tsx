// Dashboard card "In now", for managers (their departments), HR admins and owners (the
// company): who is clocked in at this moment, since when or on a break since when, late
// against their shift, with a link to the timesheets. Every clock event's realtime message
// names the timesheets, which refreshes it without a reload. Nothing for those who may not
// read timesheets.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isAccessRefused } from '../../../client/api/api-client';
import { DashboardCard } from '../../../client/shell/dashboard/dashboard-card';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { can } from '../../../client/ui/permission-guard';
import { TIME_CLOCK_ROUTES, TIMESHEETS_ENDPOINT } from '../time-clock.contract';
import { inNowLine } from './in-now-view';
import { inNowQueryOptions } from './time-clock.api';

export const NOBODY_IN = 'Nobody is clocked in.';

const mayRead = () => can({ endpoint: TIMESHEETS_ENDPOINT, method: 'GET', scope: 'department' });

export const inNowReads = (): readonly QueryRead[] => (mayRead() ? [queryRead(inNowQueryOptions())] : []);

export function InNowCard() {
  const allowed = mayRead();
  const inNow = useQuery({ ...inNowQueryOptions(), enabled: allowed });
  if (!allowed || isAccessRefused(inNow.error)) return null;

  return (
    <DashboardCard
      id="in-now-title"
      title="In now"
      link={{ to: TIME_CLOCK_ROUTES.timesheets, label: 'Open the timesheets' }}
      loading={inNow.isPending}
      failed={inNow.isError ? 'Who is in could not be loaded.' : null}
      testId="in-now-card"
    >
      {!inNow.data ? null : inNow.data.people.length === 0 ? (
        <Text c="dimmed">{NOBODY_IN}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Clocked in now">
          {inNow.data.people.map((person) => {
            const line = inNowLine(person);
            return (
              <Stack key={person.user_id} component="li" gap={0}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {person.name}
                  </Text>
                  <Badge color={person.break_since ? 'yellow' : 'green'} variant="light" style={{ flex: 'none' }}>
                    {person.break_since ? 'On a break' : 'In'}
                  </Badge>
                </Group>
                <Text size="sm">
                  {line.status}
                  {line.late ? (
                    <Text span c="red" size="sm">
                      {` · ${line.late}`}
                    </Text>
                  ) : null}
                </Text>
                <Text size="sm" c="dimmed">
                  {line.shift}
                </Text>
              </Stack>
            );
          })}
        </Stack>
      )}
    </DashboardCard>
  );
}
