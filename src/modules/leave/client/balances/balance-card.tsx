// One leave type's balance for the year: what is available in big friendly numbers, a bar of
// what is taken, booked and pending against the year's total, the figures that make it up,
// and the buttons to see its history and (for administrators) to adjust it.
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Button, ColorSwatch, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import type { PeriodValue } from '../../leave-balances.contract';
import { formatAmount, formatNumber, yearTotal } from './amounts';

type BalanceCardProps = { value: PeriodValue; onHistory: () => void; onAdjust?: (() => void) | undefined };

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.max(0, Math.min(100, (part / whole) * 100)) : 0);

export function BalanceCard({ value, onHistory, onAdjust }: BalanceCardProps) {
  const { unit } = value;
  // Expired lines stay in the sum; their expiry is among the adjustments, as the policy's carry-over's is.
  const sicknessLines = value.sickness_carry_overs;
  const total = yearTotal(value);
  const name = value.leave_type.name;
  const figures: [string, string][] = [
    ['Entitlement', formatAmount(value.entitlement, unit)],
    [
      'Carried over',
      value.carried_over > 0 && value.carry_over_expires_on
        ? `${formatAmount(value.carried_over, unit)} (until ${formatCalendarDate(value.carry_over_expires_on, DATE_FORMATS.date)})`
        : formatAmount(value.carried_over, unit),
    ],
    // WTR reg 13(10): leave sickness prevented, its own line with its own expiry.
    ...sicknessLines.map((line): [string, string] => [
      sicknessLines.length > 1 ? `Carried over after sickness (${line.arose_end.slice(0, 4)})` : 'Carried over after sickness',
      `${formatAmount(line.amount, unit)} (${line.expired ? 'expired' : 'until'} ${formatCalendarDate(line.expires_on, DATE_FORMATS.date)})`,
    ]),
    // What the allowance already gives up: bank holidays when the policy includes them, and
    // administrators' adjustments — without these the figures would not add up.
    ...(value.bank_holidays > 0 ? [['Bank holidays', `−${formatAmount(value.bank_holidays, unit)}`] as [string, string]] : []),
    ...(value.adjusted !== 0
      ? [['Adjustments', `${value.adjusted > 0 ? '+' : '−'}${formatAmount(Math.abs(value.adjusted), unit)}`] as [string, string]]
      : []),
    ['Taken', formatAmount(value.taken, unit)],
    ['Booked', formatAmount(value.booked, unit)],
    ['Pending', formatAmount(value.pending, unit)],
    ['Available', formatAmount(value.available, unit)],
  ];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${value.leave_type.colour}-6)`} size={14} aria-hidden />
          <Title order={2} fz="h4">
            {name}
          </Title>
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={40} fw={700} lh={1} c={value.available < 0 ? 'red' : undefined} data-testid="available">
            {formatNumber(value.available)}
          </Text>
          <Text c="dimmed">
            {unit} available{total > 0 ? ` of ${formatAmount(total, unit)}` : ''}
          </Text>
        </Group>
        {total > 0 && (
          <Progress.Root size="lg" aria-label={`${name}: used and planned`}>
            <Progress.Section value={percentOf(value.taken, total)} color="blue" aria-label="Taken" />
            <Progress.Section value={percentOf(value.booked, total)} color="cyan" aria-label="Booked" />
            <Progress.Section value={percentOf(value.pending, total)} color="yellow" aria-label="Pending" />
          </Progress.Root>
        )}
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" component="dl" m={0}>
          {figures.map(([label, text]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {text}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Group gap="xs" grow>
          <Button variant="light" onClick={onHistory} aria-label={`History of ${name}`}>
            History
          </Button>
          {onAdjust && (
            <Button variant="default" onClick={onAdjust} aria-label={`Adjust ${name}`}>
              Adjust
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
