// /payroll/{start}: one pay period's payroll data to review — per person their payroll and NI
// numbers and each element (overtime by rate with payable hours and cost, unpaid and sick
// days with qualifying days, starter and leaver) — the files (generic CSV, Excel, payroll
// import), exporting (which locks it) and sending it to the payroll contact.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { DATE_FORMATS, formatCalendarDate, formatLondon } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { EXPORT_LAYOUT_LABELS, EXPORT_LAYOUTS, type ExportLayout, type PayPeriodDetail, type PayrollLine } from '../payroll.contract';
import { downloadPeriod, exportMutationOptions, periodQueryOptions, sendMutationOptions } from './payroll.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);
const at = (instant: string) => formatLondon(instant, DATE_FORMATS.dateTime);

/** "2.5 h at ×1.5 = 3.75 h · £45.00", "3 days (1 qualifying)", "06/03/2029". */
export function lineFigures(line: PayrollLine): string {
  const parts: string[] = [];
  if (line.hours !== null)
    parts.push(line.multiplier !== null ? `${line.hours} h × ${line.multiplier} = ${line.payable_hours} h` : `${line.hours} h`);
  if (line.days !== null)
    parts.push(
      `${line.days} ${line.days === 1 ? 'day' : 'days'}${line.qualifying_days !== null ? ` (${line.qualifying_days} qualifying)` : ''}`,
    );
  if (line.amount !== null) parts.push(formatPounds(line.amount));
  if (parts.length === 0) parts.push(line.dates.map(shown).join(', '));
  return parts.join(' · ');
}

export function PayrollPeriodPage({ start }: { start: string }) {
  usePageTitle('Payroll data');
  const period = useQuery(periodQueryOptions(start));
  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/payroll" />}>
        ← All pay periods
      </Anchor>
      {period.isPending ? (
        <Loader aria-label="Loading the pay period" />
      ) : period.isError ? (
        <LoadError
          what="pay period"
          error={period.error}
          onRetry={() => void period.refetch()}
          notFound="There is no pay period starting on that day."
          forbidden
        />
      ) : (
        <PeriodDetail period={period.data} />
      )}
    </Stack>
  );
}

function PeriodDetail({ period }: { period: PayPeriodDetail }) {
  const queryClient = useQueryClient();
  const exporting = useMutation(exportMutationOptions(queryClient));
  const sending = useMutation(sendMutationOptions(queryClient));
  const [layout, setLayout] = useState<ExportLayout>('elements');
  const [problem, setProblem] = useState<string | null>(null);
  const refused = (error: unknown) =>
    setProblem(isApiError(error) && error.status < 500 ? error.message : 'Something went wrong. Please try again.');
  const download = async (format: ExportLayout) => {
    try {
      await downloadPeriod(period.start_date, format);
    } catch {
      showDangerToast({ message: 'The file could not be downloaded. Please try again.' });
    }
  };
  const { totals } = period;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={1}>
            Pay period {shown(period.start_date)} to {shown(period.end_date)}
          </Title>
          <Text c="dimmed">
            {period.exported_at
              ? `Exported ${at(period.exported_at)}${period.exported_by ? ` by ${period.exported_by}` : ''}: locked.`
              : 'Open for review: nothing is locked yet.'}
          </Text>
        </Stack>
        <Badge size="lg" color={period.exported_at ? 'green' : 'yellow'} variant="light">
          {period.exported_at ? 'Exported' : 'Open'}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
        {[
          ['People', totals.people],
          ['Overtime hours', totals.overtime_hours],
          ['Payable hours', totals.payable_hours],
          ['Amounts', formatPounds(totals.amount)],
          ['Unpaid days', totals.unpaid_days],
          ['Sick days', totals.sick_days],
        ].map(([label, value]) => (
          <Card key={label} withBorder padding="xs" radius="md">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700}>{value}</Text>
          </Card>
        ))}
      </SimpleGrid>
      {period.people.length === 0 ? (
        <Alert color="gray" title="Nothing for payroll in this period">
          No approved paid overtime, unpaid leave, sickness, starters or leavers.
        </Alert>
      ) : (
        // Wider than a phone: it scrolls sideways inside its box, with its scrollbar shown so the
        // columns past the edge read as there to scroll to, not cut off.
        <Table.ScrollContainer minWidth={640} scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0 } }}>
          <Table striped aria-label="Payroll data">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Payroll no.</Table.Th>
                <Table.Th>NI number</Table.Th>
                <Table.Th>Element</Table.Th>
                <Table.Th>Figures</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {period.people.flatMap((person) =>
                person.lines.map((line, index) => (
                  <Table.Tr key={`${person.user_id}-${line.code}-${line.label}-${line.multiplier ?? ''}`}>
                    <Table.Td>{index === 0 ? person.name : ''}</Table.Td>
                    <Table.Td>{index === 0 ? (person.payroll_number ?? '—') : ''}</Table.Td>
                    <Table.Td>{index === 0 ? (person.ni_number ?? '—') : ''}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} span>
                        {line.code}
                      </Text>{' '}
                      <Text size="sm" span>
                        {line.label}
                      </Text>
                      {line.late && (
                        <Badge ml="xs" size="xs" color="orange" variant="light">
                          Late from an earlier period
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{lineFigures(line)}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} size="h3">
        Files
      </Title>
      <Group gap="xs">
        {EXPORT_LAYOUTS.map((format) => (
          <Button
            key={format}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => void download(format)}
          >
            {EXPORT_LAYOUT_LABELS[format]}
          </Button>
        ))}
      </Group>
      <ProblemAlert problem={problem} />
      <Group gap="sm" align="flex-end">
        {!period.exported_at && (
          <ConfirmButton
            title="Export and lock this pay period?"
            message="What it holds is marked as exported and locked; anything approved later goes into the next pay period."
            confirmLabel="Export and lock"
            color="blue"
            onConfirm={() =>
              exporting.mutateAsync(period.start_date).then(
                () => showSuccessToast({ message: 'Pay period exported.' }),
                (error: unknown) => {
                  refused(error);
                  throw error;
                },
              )
            }
          >
            Export and lock
          </ConfirmButton>
        )}
        <Select
          label="Send as"
          data={EXPORT_LAYOUTS.map((value) => ({ value, label: EXPORT_LAYOUT_LABELS[value] }))}
          value={layout}
          onChange={(value) => value && setLayout(value as ExportLayout)}
          allowDeselect={false}
          w={300}
        />
        <ConfirmButton
          variant="light"
          title="Send payroll data?"
          message={`The payroll contact gets an e-mail with a link to this period’s data, valid for 7 days.${period.exported_at ? '' : ' Sending exports and locks the period first.'}`}
          confirmLabel="Send"
          color="blue"
          onConfirm={() =>
            sending.mutateAsync({ start: period.start_date, layout }).then(
              () => showSuccessToast({ message: 'Payroll data sent.' }),
              (error: unknown) => {
                refused(error);
                throw error;
              },
            )
          }
        >
          Send payroll data
        </ConfirmButton>
      </Group>
      {period.sends.length > 0 && (
        <Stack gap={4} aria-label="Sent">
          <Title order={2} size="h4">
            Sent
          </Title>
          {period.sends.map((send) => (
            <Text key={send.id} size="sm">
              {at(send.sent_at)}: {EXPORT_LAYOUT_LABELS[send.layout]} to {send.sent_to}
              {send.sent_by ? ` by ${send.sent_by}` : ''}
              {send.downloaded_at ? `; downloaded ${at(send.downloaded_at)}` : '; not downloaded yet'}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
