// A sickness absence's Statutory Sick Pay as the server worked it out: the days paid and the
// amount, waiting days, the weekly rate, the weeks of the linked period used, and in plain
// words why days are unpaid and when form SSP1 is due.
import { amountInWords } from '../../../../shared/dates';
import '@mantine/core/styles/List.css';
import { List, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { formatPounds } from '../../../../shared/money';
import type { AbsenceSickPay } from '../../absences.contract';
import { DescribedValue } from '../../../../client/ui/described-value';

const days = (count: number) => amountInWords(count, 'days');

/** The panel's figures, each with its label; waiting days and the weekly rate only where there are some. */
const figuresOf = (sickPay: AbsenceSickPay): [string, string][] => [
  ['SSP days', days(sickPay.paid_days)],
  ['SSP amount', formatPounds(sickPay.amount)],
  ...(sickPay.waiting_days > 0 ? [['Waiting days', days(sickPay.waiting_days)] as [string, string]] : []),
  ...(sickPay.weekly_rate !== null ? [['Weekly rate', formatPounds(sickPay.weekly_rate)] as [string, string]] : []),
  ['Weeks used of 28', String(sickPay.weeks_used)],
];

export function AbsenceSickPayPanel({ sickPay }: { sickPay: AbsenceSickPay }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="statutory-sick-pay">
      <Stack gap="sm">
        <Title order={2} size="h4" id="statutory-sick-pay">
          Statutory Sick Pay
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
          {figuresOf(sickPay).map(([label, value]) => (
            <DescribedValue key={label} label={label} strong>
              {value}
            </DescribedValue>
          ))}
        </SimpleGrid>
        {sickPay.notes.length > 0 && (
          <List size="sm" spacing={4}>
            {sickPay.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
