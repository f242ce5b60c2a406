// The request form: whose leave (for those who book for others), the leave type,
// the dates and duration, notes; a sickness type turns it into a sickness report. The live
// summary beside it comes from the server. Sent through the outbox: online it opens the new
// absence, offline it is saved to send later and the list shows it waiting to sync. Opened from
// the outbox to correct a refused request, it holds what was queued and the server's messages.
import '@mantine/core/styles/Grid.css';
import { Alert, Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useOnline } from '../../../../client/offline/network';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../../client/api/api-client';
import { CorrectionNotice } from '../../../../client/offline/correction-notice';
import { QUEUED_TOAST_MESSAGE } from '../../../../client/offline/outbox-copy';
import { correctionRecord, finishCorrection, useCorrection } from '../../../../client/offline/outbox-correction';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { SelectField } from '../../../../client/ui/select-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm } from '../../../../client/ui/use-form';
import { isQueuedResponse } from '../../../../shared/sw-messages';
import { LEAVE_ENDPOINTS, LEAVE_ROUTES, type DurationType, type HalfDayPart, type SicknessCategory } from '../../leave.contract';
import {
  createAbsenceMutationOptions,
  leaveTypesQueryOptions,
  NO_QUESTION,
  suggestionQueryOptions,
  type SuggestionQuery,
} from '../requests.api';
import { DateField } from '../../../../client/ui/date-field';
import { DurationFields } from './duration-fields';
import { PersonPicker } from './person-picker';
import { emptyRequest, requestBody, requestFromQueued, requestSchema, suggestionQueryFor } from './request-schema';
import { MedicalDetailField, OpenEndedField, SicknessCategoryField } from './sickness-fields';
import { SuggestionPanel } from './suggestion-panel';

export const REQUEST_SENT = 'Request sent.';
export const SICKNESS_REPORTED = 'Sickness reported.';
const SUGGESTION_DEBOUNCE_MS = 300;

export function RequestForm({ selfId }: { selfId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnline();
  const leaveTypes = useQuery(leaveTypesQueryOptions());
  const send = useMutation(createAbsenceMutationOptions(queryClient));
  // Opened from the outbox to correct a refused request: what was queued, and the server's words.
  const correction = useCorrection(LEAVE_ROUTES.request);
  const queued = correctionRecord(correction);
  // A sickness sent with no end date was open-ended.
  const [openEnded, setOpenEnded] = useState(queued?.duration_type === 'days' && queued.end_date === null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const forOthers = can({ endpoint: LEAVE_ENDPOINTS.absence, method: 'POST', scope: 'department' });
  const approver = can({ endpoint: LEAVE_ENDPOINTS.approve, method: 'POST' });

  const [typeId, setTypeId] = useState<string | null>(typeof queued?.leave_type_id === 'string' ? queued.leave_type_id : null);
  const type = leaveTypes.data?.find((item) => item.id === typeId);
  const sickness = type?.key === 'sickness';
  const mode = { sickness, openEnded: sickness && openEnded };

  const form = useForm({
    schema: requestSchema(mode),
    initialValues: queued ? requestFromQueued(queued, selfId) : emptyRequest(selfId),
    ...(correction?.error?.fields ? { initialErrors: correction.error.fields } : {}),
    onSubmit: async (output) => {
      setRefusal(null);
      const answer = await send.mutateAsync({ body: requestBody(output, { ...mode, selfId }), sickness });
      finishCorrection(correction);
      if (isQueuedResponse(answer)) {
        showSuccessToast({ message: QUEUED_TOAST_MESSAGE });
        await navigate({ to: '/leave-and-absences/list' });
        return;
      }
      showSuccessToast({ message: sickness ? SICKNESS_REPORTED : REQUEST_SENT });
      await navigate({ to: '/absence/$id', params: { id: answer.id } });
    },
    // A 409 (overlap, balance, blocked dates) is the server's answer in words.
    onError: (error) => setRefusal(isApiError(error) && error.status < 500 ? error.message : null),
  });
  const { values } = form;
  const userId = values.user_id ?? selfId;
  const duration = values.duration_type ?? 'days';
  // As text, so the timer restarts only when the question changes, not on every render.
  const [asked] = useDebouncedValue(JSON.stringify(suggestionQueryFor(values, { openEnded: mode.openEnded })), SUGGESTION_DEBOUNCE_MS);
  const query = JSON.parse(asked) as SuggestionQuery | null;
  const suggestion = useQuery({ ...suggestionQueryOptions(userId, query ?? NO_QUESTION), enabled: online && query !== null });
  const blocked = suggestion.data?.blocked ?? null;

  const setStart = (value: string) => {
    form.setFieldValue('start_date', value);
    if (duration !== 'days') form.setFieldValue('end_date', value);
  };
  const setDuration = (value: DurationType) => {
    form.setFieldValue('duration_type', value);
    if (value !== 'days') form.setFieldValue('end_date', values.start_date ?? '');
  };
  const typeOptions = (leaveTypes.data ?? []).map((item) => ({ value: item.id, label: item.name }));

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form noValidate onSubmit={form.onSubmit} aria-label={sickness ? 'Report sickness' : 'Request leave'}>
          <Stack gap="md">
            <CorrectionNotice item={correction} what={sickness ? 'report' : 'request'} />
            {forOthers && <PersonPicker label="Who" selfId={selfId} {...form.valueProps<string | null>('user_id')} />}
            <SelectField
              label="Leave type"
              required
              data={typeOptions}
              disabled={leaveTypes.isPending}
              {...form.valueProps<string | null>('leave_type_id')}
              onChange={(value) => {
                setTypeId(value);
                form.setFieldValue('leave_type_id', value);
              }}
            />
            {leaveTypes.isError && <Alert color="red">The leave types could not be loaded.</Alert>}
            {sickness && <SicknessCategoryField {...form.valueProps<SicknessCategory | null>('sickness_category')} />}
            <DateField
              label={sickness ? 'First day off sick' : 'Start date'}
              required
              {...form.valueProps<string>('start_date')}
              onChange={setStart}
            />
            {sickness && <OpenEndedField checked={openEnded} onChange={setOpenEnded} />}
            {!mode.openEnded && (
              <DurationFields
                duration={duration}
                onDurationChange={setDuration}
                halfDayPart={form.valueProps<HalfDayPart | null>('half_day_part')}
                hours={form.valueProps<number | null>('hours')}
              />
            )}
            {duration === 'days' && !mode.openEnded && (
              <DateField label={sickness ? 'Expected last day' : 'End date'} required {...form.valueProps<string>('end_date')} />
            )}
            {sickness && <MedicalDetailField {...form.textProps('medical_detail')} />}
            <TextareaField label="Notes" maxLength={2000} {...form.textProps('notes')} />
            {blocked && approver && (
              <TextInput
                label="Reason for booking in a blocked period"
                description={`These dates fall in ${blocked.name}; approvers may book them with a reason.`}
                {...form.textProps('blocked_override_reason')}
              />
            )}
            {(refusal || form.otherErrors.length > 0) && (
              <Alert color="red" role="alert">
                {[refusal, ...form.otherErrors].filter(Boolean).join(' ')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} fullWidth={false} w={{ base: '100%', xs: 'auto' }}>
                {sickness ? 'Report sickness' : 'Send request'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SuggestionPanel userId={userId} query={query} online={online} />
      </Grid.Col>
    </Grid>
  );
}
