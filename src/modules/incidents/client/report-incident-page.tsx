// /incident-logs/new: report an accident or incident, from a phone too — with no signal the
// report and its photo wait in the outbox and are sent once when the network returns. The
// RIDDOR questions are asked here; the owner can complete them later. Opened from the outbox to
// correct a refused report, it holds what was sent (its photo too) and the server's messages.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Checkbox, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { CorrectionNotice, KeptFile } from '../../../client/offline/correction-notice';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import {
  correctionErrors,
  correctionFiles,
  correctionRecord,
  finishCorrection,
  useCorrection,
} from '../../../client/offline/outbox-correction';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { DATE_FORMATS, formatLondon, londonDate, londonInstant } from '../../../shared/dates';
import { isQueuedResponse } from '../../../shared/sw-messages';
import { INCIDENT_ROUTES } from '../incidents.contract';
import { SPECIFIED_INJURIES, SPECIFIED_INJURY_LABELS } from '../riddor';
import { reportIncidentMutationOptions, refusalMessage } from './incidents.api';
import { PersonSelect } from '../../../client/ui/person-select';
import { DateField } from '../../../client/ui/date-field';
import { BackLink } from '../../../client/ui/back-link';

/** The form's fields before anything is typed, the incident's time being `at`. */
function blankReport(at: Date) {
  return {
    occurred_date: londonDate(at),
    occurred_time: formatLondon(at, DATE_FORMATS.time),
    location: '',
    person_user_id: null as string | null,
    person_name: '',
    person_contact: '',
    person_is_worker: false,
    what_happened: '',
    injury: '',
    body_part: '',
    treatment: '',
    taken_to_hospital: false,
    witnesses: '',
    immediate_actions: '',
    death: false,
    specified_injury: null as string | null,
    dangerous_occurrence: false,
    incapacity_last_day: '',
  };
}

/** The fields of a queued report (the outbox's "Correct") that the form shows as they were sent. */
function queuedFields(sent: Record<string, unknown> | null): Partial<ReturnType<typeof blankReport>> {
  if (!sent) return {};
  const blank = blankReport(new Date());
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(blank) as (keyof typeof blank)[]) {
    const value = sent[key];
    if (typeof value === typeof blank[key] && value !== null) kept[key] = value;
    else if (key === 'person_user_id' || key === 'specified_injury') kept[key] = typeof value === 'string' ? value : null;
  }
  return kept as Partial<ReturnType<typeof blankReport>>;
}

export function ReportIncidentPage() {
  usePageTitle('Report an incident');
  const selfId = readTokenClaims(getToken())?.user_id ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const report = useMutation(reportIncidentMutationOptions(queryClient));
  // Opened from the outbox to correct a refused report: what was queued (with its photo), and the server's words.
  const correction = useCorrection(INCIDENT_ROUTES.report);
  const sent = correctionRecord(correction);
  const [who, setWho] = useState<'me' | 'employee' | 'other'>(() =>
    !sent ? 'me' : sent.person_kind === 'other' ? 'other' : sent.person_user_id === selfId ? 'me' : 'employee',
  );
  const sentAt = typeof sent?.occurred_at === 'string' && !Number.isNaN(Date.parse(sent.occurred_at)) ? new Date(sent.occurred_at) : null;
  const [fields, setFields] = useState(() => ({
    ...blankReport(sentAt ?? new Date()),
    ...queuedFields(sent),
  }));
  const [photo, setPhoto] = useState<File | null>(() => correctionFiles(correction)[0] ?? null);
  const [keptPhoto, setKeptPhoto] = useState(photo !== null);
  const set = <K extends keyof typeof fields>(key: K, value: (typeof fields)[K]) => setFields((current) => ({ ...current, [key]: value }));
  const errors = isApiError(report.error, 422)
    ? (report.error.fieldErrors ?? {})
    : report.isIdle
      ? (correctionErrors(correction) ?? {})
      : {};
  const error = (key: string) => errors[key]?.join(' ');
  const text = (key: 'location' | 'person_name' | 'person_contact' | 'body_part', label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={fields[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={error(key)}
    />
  );
  const lines = (key: 'what_happened' | 'injury' | 'treatment' | 'witnesses' | 'immediate_actions', label: string, required = false) => (
    <Textarea
      label={label}
      required={required}
      value={fields[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={error(key)}
      autosize
      minRows={2}
    />
  );

  const submit = () => {
    const { occurred_date, occurred_time, ...rest } = fields;
    let occurredAt = `${occurred_date}T${occurred_time}`;
    try {
      occurredAt = londonInstant(occurred_date, occurred_time).toISOString();
    } catch {
      // Left as typed: the server's field message says what is wrong.
    }
    const record = {
      ...rest,
      occurred_at: occurredAt,
      person_kind: who === 'other' ? 'other' : 'employee',
      person_user_id: who === 'me' ? selfId : who === 'employee' ? fields.person_user_id : null,
      person_is_worker: who === 'other' ? fields.person_is_worker : true,
      incapacity_last_day: fields.incapacity_last_day || null,
    };
    report.mutate(
      { record, photo },
      {
        onSuccess: async (result) => {
          finishCorrection(correction);
          if (isQueuedResponse(result)) {
            showSuccessToast({ title: 'Waiting to sync', message: QUEUED_TOAST_MESSAGE });
            await navigate({ to: INCIDENT_ROUTES.list });
          } else {
            showSuccessToast({ message: 'Incident reported. Thank you.' });
            await navigate({ to: INCIDENT_ROUTES.detail, params: { id: result.id } });
          }
        },
      },
    );
  };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <BackLink to={INCIDENT_ROUTES.list}>Back to the incident log</BackLink>
        <Title order={1}>Report an incident</Title>
        <Text size="sm" c="dimmed">
          Record what happened as soon as you can. If someone needs urgent help, call 999 first.
        </Text>
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <CorrectionNotice item={correction} what="report" />
          <Group grow align="flex-start">
            <DateField
              label="Date"
              required
              value={fields.occurred_date}
              onChange={(value) => set('occurred_date', value)}
              error={error('occurred_at')}
            />
            <TextInput
              label="Time"
              placeholder="HH:mm"
              required
              value={fields.occurred_time}
              onChange={(event) => set('occurred_time', event.currentTarget.value)}
            />
          </Group>
          {text('location', 'Where', true)}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="who-involved">
              Who was involved
            </Text>
            <SegmentedControl
              aria-labelledby="who-involved"
              value={who}
              onChange={(value) => setWho(value as typeof who)}
              data={[
                { value: 'me', label: 'Me' },
                { value: 'employee', label: 'A colleague' },
                { value: 'other', label: 'Someone else' },
              ]}
            />
          </Stack>
          {who === 'employee' && (
            <PersonSelect
              label="Employee"
              value={fields.person_user_id}
              onChange={(id) => set('person_user_id', id)}
              error={error('person_user_id')}
            />
          )}
          {who === 'other' && (
            <>
              {text('person_name', 'Their name', true)}
              {text('person_contact', 'Phone or e-mail')}
              <Checkbox
                label="They work for us (a contractor or agency worker)"
                checked={fields.person_is_worker}
                onChange={(event) => set('person_is_worker', event.currentTarget.checked)}
              />
            </>
          )}
          {lines('what_happened', 'What happened', true)}
          {lines('injury', 'Injury')}
          {text('body_part', 'Part of the body')}
          {lines('treatment', 'Treatment given')}
          <Checkbox
            label="Taken to hospital from the scene"
            checked={fields.taken_to_hospital}
            onChange={(event) => set('taken_to_hospital', event.currentTarget.checked)}
          />
          {lines('witnesses', 'Witnesses')}
          {lines('immediate_actions', 'Immediate actions taken')}
          <Select
            label="Specified injury (RIDDOR)"
            description="Leave empty if none of these applies."
            data={SPECIFIED_INJURIES.map((key) => ({ value: key, label: SPECIFIED_INJURY_LABELS[key] }))}
            value={fields.specified_injury}
            onChange={(value) => set('specified_injury', value)}
            clearable
            error={error('specified_injury')}
          />
          <Checkbox label="Someone died" checked={fields.death} onChange={(event) => set('death', event.currentTarget.checked)} />
          <Checkbox
            label="A dangerous occurrence (e.g. a collapse, an explosion, a lifting equipment failure)"
            checked={fields.dangerous_occurrence}
            onChange={(event) => set('dangerous_occurrence', event.currentTarget.checked)}
          />
          <DateField
            label="Last day off work because of it (if known)"
            value={fields.incapacity_last_day}
            onChange={(value) => set('incapacity_last_day', value)}
            error={error('incapacity_last_day')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} component="label" htmlFor="incident-photo">
              Photo (optional)
            </Text>
            <input
              id="incident-photo"
              type="file"
              accept="image/*,application/pdf"
              capture="environment"
              onChange={(event) => {
                setPhoto(event.currentTarget.files?.[0] ?? null);
                setKeptPhoto(false);
              }}
            />
            {keptPhoto && <KeptFile file={photo} />}
          </Stack>
          {report.isError && (
            <Text c="red" size="sm" role="alert">
              {isApiError(report.error, 422) ? 'Please check provided details.' : (refusalMessage(report.error) ?? 'Error occurred')}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={report.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
