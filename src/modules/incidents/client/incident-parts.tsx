// Parts the incident screens share: the RIDDOR status badge and panel, and the person picker.
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Stack, Text } from '@mantine/core';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { RIDDOR_STATUS_LABELS, type Riddor, type RiddorStatus } from '../incidents.contract';
import { RIDDOR_CATEGORY_LABELS } from '../riddor';

const STATUS_COLOURS: Record<RiddorStatus, string> = {
  reportable: 'red',
  reported: 'green',
  record_only: 'yellow',
  not_reportable: 'gray',
};

export function RiddorBadge({ riddor }: { riddor: Riddor }) {
  return (
    <Badge color={STATUS_COLOURS[riddor.status]} variant={riddor.status === 'reportable' ? 'filled' : 'light'}>
      RIDDOR: {RIDDOR_STATUS_LABELS[riddor.status]}
    </Badge>
  );
}

/** How many days off work the accident cost, and where the count came from: "1 day", "4 days". */
export function incapacityDaysText(riddor: Pick<Riddor, 'days_from' | 'incapacity_days'>): string {
  const count = `${riddor.incapacity_days} ${riddor.incapacity_days === 1 ? 'day' : 'days'} off work after the accident`;
  if (riddor.days_from === 'absence') return `${count}, from the linked sickness absence.`;
  if (riddor.days_from === 'entered') return `${count}, as recorded.`;
  return 'No days off work recorded.';
}

/** The answer in words: category, whether and by when to report, and where the day count came from. */
export function RiddorPanel({ riddor }: { riddor: Riddor }) {
  const category = riddor.category ? RIDDOR_CATEGORY_LABELS[riddor.category] : 'No reportable category';
  const days = incapacityDaysText(riddor);
  let when: string;
  if (riddor.status === 'reported')
    when = `Reported to the HSE on ${formatCalendarDate(riddor.reported_on ?? '', DATE_FORMATS.date)}, reference ${riddor.reference ?? ''}.`;
  else if (riddor.reportable && riddor.deadline)
    when = `Report to the HSE by ${formatCalendarDate(riddor.deadline, DATE_FORMATS.date)} (within 15 days of the accident).`;
  else if (riddor.reportable && riddor.written_report_due)
    when = `Report to the HSE without delay; the written report is due by ${formatCalendarDate(riddor.written_report_due, DATE_FORMATS.date)} (within 10 days).`;
  else if (riddor.reportable) when = 'Report to the HSE without delay.';
  else if (riddor.status === 'record_only') when = 'Record only: keep it in the accident book; it does not need reporting.';
  else when = 'Nothing to report to the HSE on what is recorded so far.';
  return (
    <Alert color={STATUS_COLOURS[riddor.status]} title={category} data-testid="riddor-panel">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {when}
        </Text>
        <Text size="sm">{days}</Text>
      </Stack>
    </Alert>
  );
}
