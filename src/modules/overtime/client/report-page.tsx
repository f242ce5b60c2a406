// /overtime/report: the overtime report form — the day, the start and end time or the hours,
// why, and how it is compensated (only what the person is allowed: paid at one of the
// company's overtime rates, or time off in lieu). Sent through the outbox: online it opens
// the new report, offline it is saved to send later and the list shows it waiting to sync.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import { Alert, Button, Group, Loader, NumberInput, Radio, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { finishCorrection, useCorrection } from '../../../client/offline/outbox-correction';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { LoadError } from '../../../client/ui/load-error';
import { SelectField } from '../../../client/ui/select-field';
import { TextareaField } from '../../../client/ui/textarea-field';
import { useForm } from '../../../client/ui/use-form';
import { londonDate } from '../../../shared/dates';
import { isQueuedResponse } from '../../../shared/sw-messages';
import { COMPENSATION_LABELS, hoursBetween, ReportOvertimeInputSchema, type Compensation } from '../overtime.contract';
import { allowanceQueryOptions, reportMutationOptions, type ReportBody } from './overtime.api';
import { DateField } from '../../../client/ui/date-field';
import { hoursText } from './overtime-format';
import { OfferClaim } from './offer-claim';

export const REPORT_SENT = 'Overtime reported.';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function ReportPage() {
  usePageTitle('Report overtime');
  const allowance = useQuery(allowanceQueryOptions(null));
  // Opened from the time clock's offer of time beyond a shift: that offer, claimed or dismissed.
  const { offer } = useSearch({ strict: false }) as { offer?: string };
  if (offer) {
    return (
      <Stack gap="lg" maw={640}>
        <Title order={1}>Claim overtime</Title>
        <OfferClaim id={offer} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Report overtime</Title>
      {allowance.isPending ? (
        <Loader aria-label="Loading" />
      ) : allowance.isError ? (
        <LoadError what="overtime settings" error={allowance.error} onRetry={() => void allowance.refetch()} />
      ) : !allowance.data.overtime_enabled ? (
        <Alert color="gray">Overtime is not switched on for your company.</Alert>
      ) : !allowance.data.allow_payable_overtime && !allowance.data.allow_toil_overtime ? (
        <Alert color="gray">You are not set up to report overtime. Ask your manager if you worked extra hours.</Alert>
      ) : (
        <ReportForm
          allowed={[
            ...(allowance.data.allow_payable_overtime ? (['paid'] as const) : []),
            ...(allowance.data.allow_toil_overtime ? (['toil'] as const) : []),
          ]}
          rates={allowance.data.rates.map((rate) => ({ value: rate.id, label: `${rate.name} (×${rate.multiplier})` }))}
        />
      )}
    </Stack>
  );
}

function ReportForm({ allowed, rates }: { allowed: Compensation[]; rates: { value: string; label: string }[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useMutation(reportMutationOptions(queryClient));
  // Opened from the outbox to correct a refused report: what was queued, and the server's words.
  const correction = useCorrection('/overtime/report');
  const queued = (correction?.body ?? {}) as Partial<ReportBody>;
  const [mode, setMode] = useState<'times' | 'hours'>(queued.hours && !queued.start_time ? 'hours' : 'times');
  const [refusal, setRefusal] = useState<string | null>(correction?.error?.message ?? null);
  const form = useForm({
    schema: ReportOvertimeInputSchema,
    ...(correction?.error?.fields ? { initialErrors: correction.error.fields } : {}),
    initialValues: {
      user_id: null,
      date: queued.date ?? londonDate(new Date()),
      start_time: queued.start_time ?? '',
      end_time: queued.end_time ?? '',
      hours: queued.hours ?? null,
      reason: queued.reason ?? '',
      compensation: queued.compensation ?? (allowed.length === 1 ? (allowed[0] ?? null) : null),
      overtime_rate_id: queued.overtime_rate_id ?? (rates.length === 1 ? (rates[0]?.value ?? null) : null),
    },
    onSubmit: async (output) => {
      setRefusal(null);
      const answer = await send.mutateAsync({
        ...output,
        overtime_rate_id: output.compensation === 'paid' ? output.overtime_rate_id : null,
      });
      finishCorrection(correction);
      if (isQueuedResponse(answer)) {
        showSuccessToast({ message: QUEUED_TOAST_MESSAGE });
        await navigate({ to: '/overtime' });
        return;
      }
      showSuccessToast({ message: REPORT_SENT });
      await navigate({ to: '/overtime/$id', params: { id: answer.id } });
    },
    onError: (error) => setRefusal(isApiError(error) && error.status < 500 ? error.message : null),
  });
  const { values } = form;
  const start = typeof values.start_time === 'string' ? values.start_time : '';
  const end = typeof values.end_time === 'string' ? values.end_time : '';
  const worked = TIME.test(start) && TIME.test(end) ? hoursBetween(start, end) : null;
  const switchMode = (next: string) => {
    setMode(next as 'times' | 'hours');
    if (next === 'hours') {
      form.setFieldValue('start_time', '');
      form.setFieldValue('end_time', '');
    } else form.setFieldValue('hours', null);
  };
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Report overtime">
      <Stack gap="md">
        <DateField label="Date worked" required maxDate={londonDate(new Date())} {...form.valueProps<string>('date')} />
        <SegmentedControl
          aria-label="Give the time as"
          data={[
            { value: 'times', label: 'Start and end time' },
            { value: 'hours', label: 'Number of hours' },
          ]}
          value={mode}
          onChange={switchMode}
        />
        {mode === 'times' ? (
          <Group grow align="flex-start">
            <TextInput type="time" label="Start" step={900} {...form.textProps('start_time')} />
            <TextInput type="time" label="End" step={900} {...form.textProps('end_time')} />
          </Group>
        ) : (
          <NumberInput
            label="Hours"
            min={0.25}
            max={24}
            step={0.25}
            decimalScale={2}
            {...form.valueProps<number | null>('hours')}
            value={values.hours ?? ''}
            onChange={(value) => form.setFieldValue('hours', typeof value === 'number' ? value : null)}
          />
        )}
        {mode === 'times' && worked !== null && (
          <Text size="sm">
            That is {hoursText(worked)}
            {end <= start ? ', ending the next day' : ''}.
          </Text>
        )}
        <TextareaField label="Reason" required maxLength={1000} {...form.textProps('reason')} />
        <Radio.Group
          label="Compensation"
          {...form.valueProps<string | null>('compensation')}
          value={values.compensation ?? null}
          onChange={(value) => form.setFieldValue('compensation', value)}
        >
          <Stack gap="xs" mt="xs">
            {allowed.map((option) => (
              <Radio key={option} value={option} label={option === 'paid' ? 'Paid overtime' : COMPENSATION_LABELS.toil} />
            ))}
          </Stack>
        </Radio.Group>
        {values.compensation === 'paid' && (
          <SelectField label="Rate" required data={rates} {...form.valueProps<string | null>('overtime_rate_id')} />
        )}
        {(refusal || form.otherErrors.length > 0) && (
          <Alert color="red" role="alert">
            {[refusal, ...form.otherErrors].filter(Boolean).join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/overtime" />}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Send report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
