// The person's current leave year: which years and policy, a card per leave type, each card's
// history and (for administrators) adjustment, and the earlier years on request.
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../../client/ui/permission-guard';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import { type AbsencePeriod, type PeriodValue } from '../../leave-balances.contract';
import { leaveMessages } from '../../leave.contract';
import { currentPeriodQueryOptions } from '../balances.api';
import { policyTemplatesQueryOptions } from '../leave-settings.api';
import { AdjustModal } from './adjust-modal';
import { BalanceActions } from './balance-actions';
import { BalanceCard } from './balance-card';
import { HolidayPayPanel } from './holiday-pay-panel';
import { PreviousYears } from './previous-years';
import { ValueHistoryModal } from './value-history-modal';

export function CurrentYear({ userId }: { userId: string }) {
  const period = useQuery(currentPeriodQueryOptions(userId));
  const [earlier, setEarlier] = useState(false);
  if (period.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden="true">
        <Skeleton h={220} radius="lg" />
        <Skeleton h={220} radius="lg" />
      </SimpleGrid>
    );
  }
  if (period.isError) return <Alert color="red">The balances could not be loaded.</Alert>;
  return (
    <Stack gap="lg">
      <BalanceActions userId={userId} hasPeriod={period.data !== null} />
      {period.data === null ? (
        <Paper withBorder radius="lg" p="lg">
          <Text>No leave year is open yet.</Text>
          <Text c="dimmed" size="sm">
            {leaveMessages.noPolicy}
          </Text>
        </Paper>
      ) : (
        <PeriodValues period={period.data} />
      )}
      {earlier ? (
        <PreviousYears userId={userId} />
      ) : (
        <Button variant="subtle" onClick={() => setEarlier(true)} w={{ base: '100%', xs: 'auto' }}>
          Show earlier leave years
        </Button>
      )}
    </Stack>
  );
}

function PeriodValues({ period }: { period: AbsencePeriod }) {
  const [history, setHistory] = useState<PeriodValue | null>(null);
  const [adjusting, setAdjusting] = useState<PeriodValue | null>(null);
  const mayAdjust = can({ endpoint: '/api/user-absence-period-value-log', method: 'POST' });
  // Only administrators read the templates; they say whether leave accrues from hours worked.
  const templates = useQuery({ ...policyTemplatesQueryOptions(), enabled: mayAdjust && period.template_id !== null });
  const hoursWorkedPolicy = templates.data?.find((template) => template.id === period.template_id)?.accrual === 'hours_worked';
  return (
    <Stack gap="md">
      <Text c="dimmed">
        Leave year {formatCalendarDate(period.start_date, DATE_FORMATS.date)} to {formatCalendarDate(period.end_date, DATE_FORMATS.date)}
        {period.template_name ? ` · Policy: ${period.template_name}` : ''}
      </Text>
      {period.values.length === 0 ? (
        <Text>No balances in this leave year.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {period.values.map((value) => (
            <BalanceCard
              key={value.id}
              value={value}
              onHistory={() => setHistory(value)}
              onAdjust={mayAdjust ? () => setAdjusting(value) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
      {period.holiday_pay && (period.holiday_pay.reference.average_weekly_hours !== null || period.holiday_pay.rolled_up) && (
        <HolidayPayPanel holidayPay={period.holiday_pay} />
      )}
      <ValueHistoryModal value={history} onClose={() => setHistory(null)} />
      <AdjustModal value={adjusting} hoursWorkedPolicy={hoursWorkedPolicy} onClose={() => setAdjusting(null)} />
    </Stack>
  );
}
