// /payroll: the company's recent pay periods and every exported one, each with its state
// (open for review, or exported and locked), and where the pay period is set.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../../client/shell/page-title';
import { LoadError } from '../../../client/ui/load-error';
import { DATE_FORMATS, formatCalendarDate, formatLondon } from '../../../shared/dates';
import { periodsQueryOptions } from './payroll.api';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

export function PayrollPeriodsPage() {
  usePageTitle('Payroll data');
  const periods = useQuery(periodsQueryOptions());
  return (
    <Stack gap="lg" maw={820}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Payroll data</Title>
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/settings/payroll" />}>
          Pay period settings
        </Button>
      </Group>
      <Text c="dimmed">
        Review each pay period’s overtime, unpaid leave, sickness, starters and leavers, then export it for payroll. An exported period is
        locked; anything approved later goes into the next one.
      </Text>
      {periods.isPending ? (
        <Loader aria-label="Loading pay periods" />
      ) : periods.isError ? (
        <LoadError what="pay periods" error={periods.error} onRetry={() => void periods.refetch()} forbidden />
      ) : periods.data.length === 0 ? (
        <Alert color="gray">No pay periods yet.</Alert>
      ) : (
        <Stack gap="xs" role="list" aria-label="Pay periods">
          {periods.data.map((period) => (
            <Card key={period.start_date} withBorder radius="md" padding="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Anchor fw={600} renderRoot={(props) => <Link {...props} to="/payroll/$start" params={{ start: period.start_date }} />}>
                    {shown(period.start_date)} to {shown(period.end_date)}
                  </Anchor>
                  {period.exported_at && (
                    <Text size="sm" c="dimmed">
                      Exported {formatLondon(period.exported_at, DATE_FORMATS.dateTime)}
                      {period.exported_by ? ` by ${period.exported_by}` : ''}
                    </Text>
                  )}
                </Stack>
                <Badge color={period.exported_at ? 'green' : 'yellow'} variant="light" style={{ flex: 'none' }}>
                  {period.exported_at ? 'Exported' : period.ended ? 'Ready to review' : 'Open for review'}
                </Badge>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
