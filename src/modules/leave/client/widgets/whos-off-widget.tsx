// Dashboard widget "Who's off today" (GET /api/who-at-work): "12 of 14 at work", who is off
// with their leave type ("Away" when the caller may not see it), and a link to the timeline.
// Nothing for those without absences at all (docs-only users: restricted mode) or refused.
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isAccessRefused } from '../../../../client/api/api-client';
import { DashboardCard } from '../../../../client/shell/dashboard/dashboard-card';
import { queryRead, type QueryRead } from '../../../../client/api/read-batch';
import { can } from '../../../../client/ui/permission-guard';
import { LEAVE_ENDPOINTS, LEAVE_ROUTES } from '../../leave.contract';
import { AWAY, leaveColour } from '../absence/absence-format';
import { whoAtWorkQueryOptions } from '../insights.api';

export const EVERYONE_IN = 'Everyone is at work today.';

const mayRead = () => can({ endpoint: LEAVE_ENDPOINTS.absence, method: 'GET' });

export const whosOffReads = (): readonly QueryRead[] => (mayRead() ? [queryRead(whoAtWorkQueryOptions())] : []);

export function WhosOffWidget() {
  const allowed = mayRead();
  const who = useQuery({ ...whoAtWorkQueryOptions(), enabled: allowed });
  if (!allowed || isAccessRefused(who.error)) return null;

  return (
    <DashboardCard
      id="whos-off-today"
      title="Who's off today"
      link={{ to: LEAVE_ROUTES.timeline, label: 'Open the timeline' }}
      loading={who.isPending}
      failed={who.isError ? 'Who is off could not be loaded.' : null}
    >
      {who.data && (
        <Stack gap="xs">
          <Text fw={600}>
            {who.data.at_work_count} of {who.data.active_count} at work
          </Text>
          {who.data.absent.length === 0 ? (
            <Text c="dimmed">{EVERYONE_IN}</Text>
          ) : (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Off today">
              {who.data.absent.map((entry) => (
                <Group key={entry.user_id} component="li" gap="xs" wrap="nowrap">
                  <span
                    aria-hidden="true"
                    style={{ width: 10, height: 10, borderRadius: '50%', flex: 'none', background: leaveColour(entry.leave_type) }}
                  />
                  <Text size="sm">
                    {entry.name} — {entry.leave_type?.name ?? AWAY}
                    {entry.duration_type === 'half_day' && entry.half_day_part ? ` (${entry.half_day_part})` : ''}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
