// What the person's holiday is paid at, under their balance cards: the 52-week holiday-pay
// reference for the first four weeks of leave (WTR reg 16) once rota shifts or paid overtime
// give one, and rolled-up holiday pay (12.07% of pay for hours worked, WTR reg 16A) when the
// company chose it for their kind of work.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import type { HolidayPaySummary } from '../../leave-balances.contract';
import { formatNumber } from './amounts';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

export function HolidayPayPanel({ holidayPay }: { holidayPay: HolidayPaySummary }) {
  const { reference, rolled_up: rolledUp } = holidayPay;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Holiday pay">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Holiday pay
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
          {reference.average_weekly_hours !== null && reference.from !== null && (
            <div>
              <Text component="dt" size="xs" c="dimmed">
                Holiday pay reference (first 4 weeks of leave)
              </Text>
              <Text component="dd" m={0} fw={500} data-testid="holiday-pay-reference">
                {`${formatNumber(reference.average_weekly_hours)} hours a week`}
              </Text>
              <Text component="dd" m={0} size="sm" c="dimmed">
                {`Average over ${reference.weeks_counted} ${reference.weeks_counted === 1 ? 'week' : 'weeks'} worked, ${shown(reference.from)} to ${shown(reference.to)}, including paid overtime (weeks without work left out).`}
              </Text>
            </div>
          )}
          {rolledUp && (
            <div>
              <Text component="dt" size="xs" c="dimmed">
                Rolled-up holiday pay (12.07%)
              </Text>
              <Text component="dd" m={0} fw={500} data-testid="rolled-up-holiday-pay">
                {`${formatNumber(rolledUp.holiday_pay_hours)} hours’ pay`}
              </Text>
              <Text component="dd" m={0} size="sm" c="dimmed">
                {`12.07% of ${formatNumber(rolledUp.hours_worked)} hours worked this leave year, paid with the wages rather than when leave is taken.`}
              </Text>
            </div>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
