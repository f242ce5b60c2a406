// Dashboard widget "My leave balance": the signed-in user's annual leave available
// out of the year's total, with a "Request leave" button. Nothing at all for someone with no
// policy or leave year (or no annual leave in it); restricted (docs-only) sessions never get
// it (the dashboard registry leaves it out).
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { queryRead, type QueryRead } from '../../../../client/api/read-batch';
import { currentPeriodQueryOptions } from '../balances.api';
import { formatAmount, formatNumber, yearTotal } from '../balances/amounts';
import { signedInUser } from '../requests.api';

export const MY_BALANCE_TITLE = 'My leave balance';

// No toast and no retry: without a policy or access the widget is simply absent.
const periodQuery = (userId: string) => ({ ...currentPeriodQueryOptions(userId), retry: false, meta: { errorToast: false } });

export const myBalanceReads = (): readonly QueryRead[] => {
  const { id } = signedInUser();
  return id ? [queryRead(periodQuery(id))] : [];
};

export function MyBalanceWidget() {
  const { id } = signedInUser();
  return id ? <MyBalance userId={id} /> : null;
}

function MyBalance({ userId }: { userId: string }) {
  const period = useQuery(periodQuery(userId));
  if (period.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" aria-hidden="true">
        <Skeleton h={22} w="50%" mb="sm" />
        <Skeleton h={36} w="30%" />
      </Paper>
    );
  }
  const annual = period.data?.values.find((value) => value.leave_type.key === 'annual_leave');
  if (period.isError || !annual) return null;
  const total = yearTotal(annual);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="my-leave-balance">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="my-leave-balance">
          {MY_BALANCE_TITLE}
        </Title>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={0}>
            <Text fz={36} fw={700} lh={1}>
              {formatNumber(annual.available)}
            </Text>
            <Text c="dimmed" size="sm">
              {annual.unit} of annual leave available{total > 0 ? ` of ${formatAmount(total, annual.unit)}` : ''}
            </Text>
          </Stack>
          <Button component={Link} to="/leave-and-absences/request" w={{ base: '100%', xs: 'auto' }}>
            Request leave
          </Button>
        </Group>
        {total > 0 && (
          // The bar shows what the big number says: the share still available.
          <Progress value={Math.max(0, Math.min(100, (annual.available / total) * 100))} aria-label="Annual leave available" size="sm" />
        )}
        <Button component={Link} to="/leave-and-absences/balances" variant="subtle" size="compact-sm" w="fit-content">
          All my balances
        </Button>
      </Stack>
    </Paper>
  );
}
