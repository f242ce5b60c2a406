// /incident-log/{id}: the record, its RIDDOR answer and deadline, photos and files, follow-up
// actions (H&S tasks), and for the owners: the RIDDOR questions, the linked sickness absence
// (the day count follows it), and marking the report made with its reference.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Button, Checkbox, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { DATE_FORMATS, formatCalendarDate, formatLondon, londonDate } from '../../../shared/dates';
import { INCIDENT_ROUTES, type IncidentDetail } from '../incidents.contract';
import { SPECIFIED_INJURIES, SPECIFIED_INJURY_LABELS } from '../riddor';
import {
  deleteIncidentMutationOptions,
  downloadWithToken,
  incidentAbsencesQueryOptions,
  incidentQueryOptions,
  markReportedMutationOptions,
  refusalMessage,
  updateIncidentMutationOptions,
} from './incidents.api';
import { RiddorBadge, RiddorPanel } from './incident-parts';
import { editable, IncidentAccountModal } from './incident-account-modal';
import { DateField } from '../../../client/ui/date-field';
import { RecordSection as Section } from '../../../client/ui/record-section';
import { BackLink } from '../../../client/ui/back-link';

const line = (label: string, value: string | null) =>
  value ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      <b>{label}:</b> {value}
    </Text>
  ) : null;

function RiddorEditor({ incident }: { incident: IncidentDetail }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateIncidentMutationOptions(queryClient));
  const absences = useQuery({ ...incidentAbsencesQueryOptions(incident.id), enabled: incident.person.kind === 'employee' });
  const save = (changes: Partial<ReturnType<typeof editable>>) =>
    update.mutate(
      { id: incident.id, body: { ...editable(incident), ...changes } },
      {
        onSuccess: () => showSuccessToast({ message: 'Saved.' }),
        onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
      },
    );
  const absenceLabel = (absence: { start_date: string; end_date: string | null }) =>
    `Sickness from ${formatCalendarDate(absence.start_date, DATE_FORMATS.date)}${absence.end_date ? ` to ${formatCalendarDate(absence.end_date, DATE_FORMATS.date)}` : ' (still off)'}`;
  return (
    <Section title="RIDDOR questions">
      <Stack gap="sm">
        <Select
          label="Specified injury"
          data={SPECIFIED_INJURIES.map((key) => ({ value: key, label: SPECIFIED_INJURY_LABELS[key] }))}
          value={incident.specified_injury}
          onChange={(value) => save({ specified_injury: value as IncidentDetail['specified_injury'] })}
          clearable
          placeholder="None"
        />
        <Checkbox label="Someone died" checked={incident.death} onChange={(event) => save({ death: event.currentTarget.checked })} />
        <Checkbox
          label="Taken to hospital from the scene"
          checked={incident.taken_to_hospital}
          onChange={(event) => save({ taken_to_hospital: event.currentTarget.checked })}
        />
        <Checkbox
          label="A dangerous occurrence"
          checked={incident.dangerous_occurrence}
          onChange={(event) => save({ dangerous_occurrence: event.currentTarget.checked })}
        />
        <Checkbox
          label="An occupational disease, diagnosed in writing"
          checked={incident.occupational_disease}
          onChange={(event) => save({ occupational_disease: event.currentTarget.checked })}
        />
        {incident.person.kind === 'employee' && (
          <Select
            label="Linked sickness absence"
            description="The days off are then counted from the absence, and follow it when it changes."
            data={(absences.data?.results ?? []).map((absence) => ({ value: absence.id, label: absenceLabel(absence) }))}
            value={incident.absence?.id ?? null}
            onChange={(value) => save({ absence_id: value })}
            clearable
            placeholder={absences.data?.results.length === 0 ? 'No sickness absence recorded' : 'Choose an absence'}
          />
        )}
        {!incident.absence && (
          <DateField
            label="Last day off work because of it"
            value={incident.incapacity_last_day ?? ''}
            onChange={(value) => value !== (incident.incapacity_last_day ?? '') && save({ incapacity_last_day: value || null })}
          />
        )}
      </Stack>
    </Section>
  );
}

function MarkReported({ incident }: { incident: IncidentDetail }) {
  const queryClient = useQueryClient();
  const mark = useMutation(markReportedMutationOptions(queryClient));
  const [reference, setReference] = useState('');
  const [reportedOn, setReportedOn] = useState(londonDate(new Date()));
  return (
    <Section title="Report to the HSE">
      <Stack gap="sm">
        <Text size="sm">
          Report online on the HSE’s RIDDOR pages (or by telephone for a death or specified injury), then record the reference here.
        </Text>
        <Group grow align="flex-end">
          <TextInput label="Reference number" value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
          <DateField label="Reported on" required value={reportedOn} onChange={setReportedOn} />
        </Group>
        <Group>
          <Button
            disabled={reference.trim() === ''}
            loading={mark.isPending}
            onClick={() =>
              mark.mutate(
                { id: incident.id, reference, reported_on: reportedOn },
                {
                  onSuccess: () => showSuccessToast({ message: 'Marked as reported.' }),
                  onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
                },
              )
            }
          >
            Mark as reported
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

/** A record past its retention period is offered for deletion. */
function DeleteAfterRetention({ incident }: { incident: IncidentDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(deleteIncidentMutationOptions(queryClient));
  return (
    <Group>
      <ConfirmButton
        color="red"
        variant="light"
        size="xs"
        title="Delete this incident record?"
        message="It has been kept for the retention period. The record, its photos and files are deleted for good."
        confirmLabel="Delete"
        onConfirm={async () => {
          try {
            await remove.mutateAsync(incident.id);
          } catch (error) {
            showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' });
            throw error;
          }
          showSuccessToast({ message: 'Incident record deleted.' });
          await navigate({ to: INCIDENT_ROUTES.list });
        }}
      >
        Delete (past retention)
      </ConfirmButton>
    </Group>
  );
}

function Body({ incident }: { incident: IncidentDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="md">
      <RiddorPanel riddor={incident.riddor} />
      <Section title="What happened">
        <Stack gap={6}>
          <Group gap="xs">
            <RiddorBadge riddor={incident.riddor} />
          </Group>
          {line('When', formatLondon(incident.occurred_at, DATE_FORMATS.dateTime))}
          {line('Where', incident.location)}
          {line(
            'Person involved',
            `${incident.person.name}${incident.person.kind === 'other' ? (incident.person.is_worker ? ' (a worker)' : ' (not a worker)') : ''}`,
          )}
          {line('Contact', incident.person.contact)}
          {line('What happened', incident.what_happened)}
          {line('Injury', incident.injury)}
          {line('Part of the body', incident.body_part)}
          {line('Treatment', incident.treatment)}
          {line('Taken to hospital', incident.taken_to_hospital ? 'Yes' : 'No')}
          {line('Witnesses', incident.witnesses)}
          {line('Immediate actions', incident.immediate_actions)}
          {line('Reported by', incident.reported_by_name)}
          <Text size="xs" c="dimmed">
            Kept until at least {formatCalendarDate(incident.retention_until, DATE_FORMATS.date)}.
          </Text>
          {incident.can_edit && (
            <Group>
              <Button variant="light" size="xs" onClick={() => setEditing(true)}>
                Edit the account
              </Button>
            </Group>
          )}
          {incident.can_edit && incident.retention_until < londonDate(new Date()) && <DeleteAfterRetention incident={incident} />}
        </Stack>
        {incident.can_edit && <IncidentAccountModal incident={incident} opened={editing} onClose={() => setEditing(false)} />}
      </Section>
      <Section title="Photos and files">
        <Stack gap={4}>
          {incident.files.length === 0 && (
            <Text size="sm" c="dimmed">
              None attached.
            </Text>
          )}
          {incident.files.map((file) => (
            <Anchor
              key={file.id}
              component="button"
              type="button"
              size="sm"
              style={{ textAlign: 'left' }}
              onClick={() =>
                void downloadWithToken(file.download_path).catch(() => showDangerToast({ message: 'The file could not be opened.' }))
              }
            >
              {file.name}
            </Anchor>
          ))}
        </Stack>
      </Section>
      <Section title="Follow-up actions">
        <Stack gap={4}>
          {incident.actions.length === 0 && (
            <Text size="sm" c="dimmed">
              No follow-up actions yet.
            </Text>
          )}
          {incident.actions.map((action) => (
            <Text key={action.id} size="sm">
              <Anchor renderRoot={(props) => <Link {...props} to="/hs-task/$id" params={{ id: action.id }} />}>{action.title}</Anchor> —{' '}
              {action.assignee_name}, due {formatCalendarDate(action.due_date, DATE_FORMATS.date)}
              {action.status === 'done' ? ' (done)' : ''}
            </Text>
          ))}
        </Stack>
      </Section>
      {incident.can_edit && <RiddorEditor incident={incident} />}
      {incident.can_edit && incident.riddor.status === 'reportable' && <MarkReported incident={incident} />}
    </Stack>
  );
}

export function IncidentPage({ id, actions }: { id: string; actions?: (incident: IncidentDetail) => ReactNode }) {
  const incident = useQuery(incidentQueryOptions(id));
  usePageTitle('Incident');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to={INCIDENT_ROUTES.list}>Back to the incident log</BackLink>
        <Title order={1}>{incident.data ? `Incident: ${incident.data.location}` : 'Incident'}</Title>
      </Stack>
      {incident.isPending ? (
        <Skeleton h={240} radius="lg" aria-label="Loading the incident" />
      ) : incident.isError ? (
        <LoadError
          what="incident"
          error={incident.error}
          onRetry={() => void incident.refetch()}
          notFound="This incident was not found."
          forbidden
        />
      ) : (
        <>
          <Body incident={incident.data} />
          {actions?.(incident.data)}
        </>
      )}
    </Stack>
  );
}
