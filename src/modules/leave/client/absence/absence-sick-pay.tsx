// A sickness absence's Statutory Sick Pay as the server worked it out: the days paid and the
// amount, waiting days, the weekly rate, the weeks of the linked period used, and in plain
// words why days are unpaid and when form SSP1 is due.
import { amountInWords } from '../../../../shared/dates';
import '@mantine/core/styles/List.css';
import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPounds } from '../../../../shared/money';
import type { AbsenceSickPay } from '../../absences.contract';

const days = (count: number) => amountInWords(count, 'days');

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

export function AbsenceSickPayPanel({ sickPay }: { sickPay: AbsenceSickPay }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="statutory-sick-pay">
      <Stack gap="sm">
        <Title order={2} size="h4" id="statutory-sick-pay">
          Statutory Sick Pay
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
          <Figure label="SSP days" value={days(sickPay.paid_days)} />
          <Figure label="SSP amount" value={formatPounds(sickPay.amount)} />
          {sickPay.waiting_days > 0 && <Figure label="Waiting days" value={days(sickPay.waiting_days)} />}
          {sickPay.weekly_rate !== null && <Figure label="Weekly rate" value={formatPounds(sickPay.weekly_rate)} />}
          <Figure label="Weeks used of 28" value={String(sickPay.weeks_used)} />
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
