// Earlier leave years, by leave type (GET user-absence-period?grouped=1): what each year gave,
// what was taken and what was left. Loaded only when asked for.
import '@mantine/core/styles/Table.css';
import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import { groupedPeriodsQueryOptions } from '../balances.api';
import { formatAmount, yearTotal } from './amounts';

const year = (start: string, end: string) =>
  `${formatCalendarDate(start, DATE_FORMATS.date)} to ${formatCalendarDate(end, DATE_FORMATS.date)}`;

export function PreviousYears({ userId }: { userId: string }) {
  const groups = useQuery(groupedPeriodsQueryOptions(userId));
  if (groups.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (groups.isError) return <Alert color="red">The earlier leave years could not be loaded.</Alert>;
  if (groups.data.length === 0) return <Text>No leave years yet.</Text>;
  return (
    <Stack gap="lg">
      {groups.data.map((group) => (
        <Stack gap="xs" key={group.leave_type.id}>
          <Title order={3} fz="h5">
            {group.leave_type.name}
          </Title>
          <Table.ScrollContainer minWidth={340}>
            <Table striped aria-label={`${group.leave_type.name} by leave year`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Leave year</Table.Th>
                  <Table.Th>Entitlement</Table.Th>
                  <Table.Th>Taken</Table.Th>
                  <Table.Th>Balance</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.values.map((value) => (
                  <Table.Tr key={value.id}>
                    <Table.Td>{year(value.period_start, value.period_end)}</Table.Td>
                    <Table.Td>{formatAmount(yearTotal(value), value.unit)}</Table.Td>
                    <Table.Td>{formatAmount(value.taken, value.unit)}</Table.Td>
                    <Table.Td>{formatAmount(value.balance, value.unit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </Stack>
  );
}
