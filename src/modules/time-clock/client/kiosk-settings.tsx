// Kiosks, under the timesheets: for those who manage the clock's settings (owners, HR admins),
// the company's kiosk tablets with when each was last seen, "Set up a kiosk" for a location (the
// link with its token shown once, to open on the tablet) and Revoke (confirmed). For those who
// edit timesheets (managers too), "Reset a kiosk PIN" for a person of the week's timesheets.
import { Alert, Button, Code, CopyButton, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { referenceListQueryOptions } from '../../../client/api/reference-lists';
import { showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { FormFooter } from '../../../client/ui/form-footer';
import { can } from '../../../client/ui/permission-guard';
import { SelectField } from '../../../client/ui/select-field';
import { TextField } from '../../../client/ui/text-field';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { kioskLink, type CreatedKiosk, type Kiosk } from '../kiosk.contract';
import { TIME_CLOCK_SETTINGS_ENDPOINT, TIMESHEETS_ENDPOINT, type TimesheetPerson } from '../time-clock.contract';
import { timesheetsQueryOptions } from './time-clock.api';
import { createKioskMutationOptions, kiosksQueryOptions, resetPinMutationOptions, revokeKioskMutationOptions } from './kiosk.api';

const problemOf = (error: unknown) => (error ? (isApiError(error) ? error.message : 'Something went wrong. Try again.') : null);
const seen = (kiosk: Kiosk) =>
  kiosk.last_seen_at ? `last seen ${formatLondon(kiosk.last_seen_at, DATE_FORMATS.dateTime)}` : 'not opened yet';

function SetUpKiosk({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const locations = useQuery(referenceListQueryOptions('company-location'));
  const create = useMutation(createKioskMutationOptions(queryClient));
  const [name, setName] = useState('');
  const [locationId, setLocationId] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedKiosk | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, location_id: locationId ?? '' }, { onSuccess: setCreated });
  };
  const link = created ? kioskLink(window.location.origin, created.token) : '';
  return (
    <Modal opened onClose={onClose} title={created ? 'Open this link on the tablet' : 'Set up a kiosk'} centered>
      {created ? (
        <Stack gap="sm">
          <Text size="sm">
            Open it in the tablet’s browser (and add it to the home screen). It is shown only now: if it is lost, revoke this kiosk and set
            up another.
          </Text>
          <Code block data-testid="kiosk-link" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {link}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={link}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}</CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextField
              label="Name"
              placeholder="Front desk tablet"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
            />
            <SelectField
              label="Location"
              required
              value={locationId}
              onChange={setLocationId}
              data={(locations.data?.results ?? []).map((location) => ({ value: location.id, label: location.name }))}
            />
            <FormFooter submitting={create.isPending} onCancel={onClose} label="Set up" problem={problemOf(create.error)} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function ResetPin({ people }: { people: readonly TimesheetPerson[] }) {
  const reset = useMutation(resetPinMutationOptions());
  const [userId, setUserId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const person = people.find((candidate) => candidate.user_id === userId);
  return (
    <Group gap="xs" align="flex-end">
      <SelectField
        label="Reset a kiosk PIN"
        value={userId}
        onChange={setUserId}
        noneLabel="Choose a person"
        data={people.filter((candidate) => candidate.approvable).map((candidate) => ({ value: candidate.user_id, label: candidate.name }))}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Button variant="default" disabled={!person} onClick={() => setConfirming(true)}>
        Reset PIN
      </Button>
      <ConfirmDialog
        opened={confirming && Boolean(person)}
        title="Reset the kiosk PIN?"
        message={`${person?.name ?? ''} will need to set a new PIN in My settings before clocking at a kiosk.`}
        confirmLabel="Reset PIN"
        color="red"
        busy={reset.isPending}
        problem={problemOf(reset.error)}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          person &&
          reset.mutate(person.user_id, {
            onSuccess: (answer) => {
              setConfirming(false);
              showSuccessToast({ message: answer.reset ? `${person.name}’s PIN was reset.` : `${person.name} had no PIN.` });
            },
          })
        }
      />
    </Group>
  );
}

export function KioskSettings({ week }: { week: string }) {
  const queryClient = useQueryClient();
  const sheets = useQuery(timesheetsQueryOptions(week));
  const people = sheets.data?.people ?? [];
  const manages = can({ endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method: 'GET', scope: 'company' });
  const resets = can({ endpoint: TIMESHEETS_ENDPOINT, method: 'PUT', scope: 'department' });
  const kiosks = useQuery({ ...kiosksQueryOptions(), enabled: manages });
  const revoke = useMutation(revokeKioskMutationOptions(queryClient));
  const [settingUp, setSettingUp] = useState(false);
  const [revoking, setRevoking] = useState<Kiosk | null>(null);
  if (!manages && !resets) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="kiosks-title" maw={900}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="kiosks-title">
            Kiosks
          </Title>
          {manages && <Button onClick={() => setSettingUp(true)}>Set up a kiosk</Button>}
        </Group>
        <Text size="sm" c="dimmed">
          A shared tablet at a location where people clock in with their PIN (set in My settings).
        </Text>
        {manages && kiosks.data?.length === 0 && <Alert color="gray">No kiosks yet.</Alert>}
        {manages &&
          kiosks.data?.map((kiosk) => (
            <Group key={kiosk.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="kiosk">
              <Stack gap={0}>
                <Text fw={600}>{kiosk.name}</Text>
                <Text size="xs" c="dimmed">
                  {kiosk.location_name} · {seen(kiosk)}
                </Text>
              </Stack>
              <Button variant="subtle" color="red" onClick={() => setRevoking(kiosk)} aria-label={`Revoke ${kiosk.name}`}>
                Revoke
              </Button>
            </Group>
          ))}
        {resets && <ResetPin people={people} />}
      </Stack>
      {settingUp && <SetUpKiosk onClose={() => setSettingUp(false)} />}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this kiosk?"
        message={`${revoking?.name ?? ''} stops working at once; taps it still holds are refused. Set up a new kiosk to use the tablet again.`}
        confirmLabel="Revoke"
        color="red"
        busy={revoke.isPending}
        problem={problemOf(revoke.error)}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </Paper>
  );
}
