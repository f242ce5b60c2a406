// The live panel beside the request form: what the request would use, day by day (bank
// holidays and non-working days named), the balance now and after it, who else is off, and
// what the server would refuse — all from GET /api/user-suggested-absence, asked again
// (debounced) as the form changes. Offline it says the check waits for the network.
import '@mantine/core/styles/Skeleton.css';
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import type { DeductionDay, SuggestedAbsence } from '../../absences.contract';
import type { LeaveUnit } from '../../leave.contract';
import { formatAmount } from '../balances/amounts';
import { NO_QUESTION, suggestionQueryOptions, type SuggestionQuery } from '../requests.api';

export const OFFLINE_SUGGESTION = 'Offline: the deduction will be checked when it is sent.';
const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const MAX_DAYS_LISTED = 62;

type SuggestionPanelProps = { userId: string; query: SuggestionQuery | null; online: boolean };

export function SuggestionPanel({ userId, query, online }: SuggestionPanelProps) {
  const suggestion = useQuery({ ...suggestionQueryOptions(userId, query ?? NO_QUESTION), enabled: online && query !== null });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="request-summary" aria-live="polite">
      <Title order={2} fz="h4" id="request-summary" mb="sm">
        Summary
      </Title>
      {!online ? (
        <Text>{OFFLINE_SUGGESTION}</Text>
      ) : query === null ? (
        <Text c="dimmed">Choose a leave type and dates to see what the request uses.</Text>
      ) : suggestion.isPending ? (
        <Stack gap="xs" aria-hidden="true">
          <Skeleton h={22} w="70%" />
          <Skeleton h={16} w="50%" />
        </Stack>
      ) : suggestion.isError ? (
        <Alert color="red" variant="light">
          {suggestion.error.message}
        </Alert>
      ) : (
        <SuggestionDetails suggestion={suggestion.data} />
      )}
    </Paper>
  );
}

/** "This request uses 3 days", or for leave that draws on no allowance, how much it covers. */
export function usesText(suggestion: Pick<SuggestedAbsence, 'deduction' | 'unit' | 'deducted'>): string {
  const amount = formatAmount(suggestion.deduction, suggestion.unit);
  return suggestion.deducted ? `This request uses ${amount}` : `This request covers ${amount} (not taken from an allowance)`;
}

function SuggestionDetails({ suggestion }: { suggestion: SuggestedAbsence }) {
  const { unit } = suggestion;
  return (
    <Stack gap="sm">
      <Text fz="lg" fw={700}>
        {usesText(suggestion)}
      </Text>
      {suggestion.available_before !== null && suggestion.remaining_after !== null && (
        <Text>
          Available now: {formatAmount(suggestion.available_before, unit)} · After this request:{' '}
          <Text span fw={700} c={suggestion.remaining_after < 0 ? 'red' : undefined}>
            {formatAmount(suggestion.remaining_after, unit)}
          </Text>
        </Text>
      )}
      {suggestion.problem && (
        <Alert color="red" role="alert" title="This request would be refused">
          {suggestion.problem}
        </Alert>
      )}
      {suggestion.blocked && !suggestion.problem && (
        <Alert color="yellow" variant="light">
          These dates fall in a blocked period ({suggestion.blocked.name}). Say why you are booking them anyway.
        </Alert>
      )}
      {suggestion.days.length > 0 && suggestion.days.length <= MAX_DAYS_LISTED && <DayList days={suggestion.days} unit={unit} />}
      <Clashes suggestion={suggestion} />
    </Stack>
  );
}

function dayNote(day: DeductionDay, unit: LeaveUnit): string {
  if (day.skipped === 'bank_holiday') return `Bank holiday: ${day.bank_holiday_name ?? 'bank holiday'}`;
  if (day.skipped === 'non_working') return 'Not a working day';
  return formatAmount(day.amount, unit);
}

function DayList({ days, unit }: { days: DeductionDay[]; unit: LeaveUnit }) {
  return (
    <Stack gap={2} component="ul" m={0} p={0} aria-label="Each day" style={{ listStyle: 'none', maxHeight: 220, overflowY: 'auto' }}>
      {days.map((day) => (
        <Text component="li" key={day.date} size="sm" c={day.skipped ? 'dimmed' : undefined}>
          {WEEKDAY.format(new Date(`${day.date}T00:00:00Z`))} {formatCalendarDate(day.date, DATE_FORMATS.date)}: {dayNote(day, unit)}
        </Text>
      ))}
    </Stack>
  );
}

function Clashes({ suggestion }: { suggestion: SuggestedAbsence }) {
  if (suggestion.clashes.length === 0) return <Text size="sm">Nobody else in the team is off on these days.</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        Also off
      </Text>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {suggestion.clashes.map((clash) => (
          <Text component="li" size="sm" key={clash.absence_id}>
            {clash.name}: {formatCalendarDate(clash.start_date, DATE_FORMATS.date)}
            {clash.end_date === null
              ? ' onwards'
              : clash.end_date !== clash.start_date
                ? ` to ${formatCalendarDate(clash.end_date, DATE_FORMATS.date)}`
                : ''}
            {clash.leave_type_name ? ` (${clash.leave_type_name})` : ''}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
