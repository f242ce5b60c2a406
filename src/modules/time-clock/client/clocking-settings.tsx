// "Clocking settings" on the Timesheets page (owners and HR admins): whether people with no
// rota shift may clock in, and per location whether a clock event records the phone's
// position, with the site's centre (typed, or taken from this device where it stands) and its
// radius. Positions are only compared with the radius and flagged, never refused. And how many
// minutes past a shift an approved entry must run before the extra is offered as overtime.
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import { Button, Group, Modal, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { can } from '../../../client/ui/permission-guard';
import { LoadError } from '../../../client/ui/load-error';
import { SITE_RADIUS_MAX, SITE_RADIUS_MIN, type ClockSite } from '../time-clock-location.contract';
import { TIME_CLOCK_SETTINGS_ENDPOINT } from '../time-clock.contract';
import {
  clockingQueryOptions,
  clockingRulesMutationOptions,
  clockSiteMutationOptions,
  offerSettingsMutationOptions,
  offerSettingsQueryOptions,
} from './clocking.api';
import { capturePosition } from './position';

const asNumber = (value: string | number) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

function SiteForm({ site }: { site: ClockSite }) {
  const queryClient = useQueryClient();
  const save = useMutation(clockSiteMutationOptions(queryClient));
  const [record, setRecord] = useState(site.record_location);
  const [latitude, setLatitude] = useState<string | number>(site.latitude ?? '');
  const [longitude, setLongitude] = useState<string | number>(site.longitude ?? '');
  const [radius, setRadius] = useState<string | number>(site.radius_m ?? 150);
  const [locating, setLocating] = useState(false);
  const errors = isApiError(save.error) ? (save.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { record_location: record, latitude: asNumber(latitude), longitude: asNumber(longitude), radius_m: asNumber(radius) };
    save.mutate({ locationId: site.location_id, body }, { onSuccess: () => showSuccessToast({ message: `${site.location_name} saved.` }) });
  };
  const here = async () => {
    setLocating(true);
    const position = await capturePosition();
    setLocating(false);
    if (position) {
      setLatitude(Number(position.latitude.toFixed(6)));
      setLongitude(Number(position.longitude.toFixed(6)));
    }
  };
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} aria-label={site.location_name} data-testid="clock-site">
      <Stack gap="xs">
        <Switch
          label={`Record location when clocking at ${site.location_name}`}
          checked={record}
          onChange={(event) => setRecord(event.currentTarget.checked)}
        />
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            label="Latitude"
            decimalScale={6}
            min={-90}
            max={90}
            value={latitude}
            onChange={setLatitude}
            error={errors.latitude?.[0]}
          />
          <NumberInput
            label="Longitude"
            decimalScale={6}
            min={-180}
            max={180}
            value={longitude}
            onChange={setLongitude}
            error={errors.longitude?.[0]}
          />
        </Group>
        <NumberInput
          label="Radius (metres)"
          min={SITE_RADIUS_MIN}
          max={SITE_RADIUS_MAX}
          allowDecimal={false}
          value={radius}
          onChange={setRadius}
          error={errors.radius_m?.[0]}
        />
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" size="xs" onClick={() => void here()} loading={locating}>
            Use where I am now
          </Button>
          <Button type="submit" size="xs" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function OfferThresholdForm({ minutes }: { minutes: number }) {
  const queryClient = useQueryClient();
  const save = useMutation(offerSettingsMutationOptions(queryClient));
  const [value, setValue] = useState<string | number>(minutes);
  const errors = isApiError(save.error) ? (save.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ overtime_offer_minutes: asNumber(value) }, { onSuccess: () => showSuccessToast({ message: 'Overtime offers saved.' }) });
  };
  return (
    <Group component="form" onSubmit={submit} aria-label="Overtime offers" align="flex-end" gap="xs" wrap="nowrap">
      <NumberInput
        label="Offer time past a shift as overtime after (minutes)"
        description="Once an entry is approved, the person may claim the time beyond their shift, paid or as time off in lieu."
        min={0}
        max={240}
        allowDecimal={false}
        value={value}
        onChange={setValue}
        error={errors.overtime_offer_minutes?.[0]}
        style={{ flex: 1 }}
      />
      <Button type="submit" size="xs" loading={save.isPending}>
        Save
      </Button>
    </Group>
  );
}

function ClockingSettingsForm() {
  const queryClient = useQueryClient();
  const settings = useQuery(clockingQueryOptions());
  const rules = useMutation(clockingRulesMutationOptions(queryClient));
  const offers = useQuery(offerSettingsQueryOptions());
  if (settings.isError) return <LoadError what="clocking settings" error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="md">
      <Switch
        label="People with no rota shift may clock in"
        description="Off: a clock-in needs a shift under way or starting within two hours."
        checked={settings.data.clock_without_shift}
        disabled={rules.isPending}
        onChange={(event) => rules.mutate({ clock_without_shift: event.currentTarget.checked })}
      />
      {offers.data && <OfferThresholdForm minutes={offers.data.overtime_offer_minutes} />}
      <Text size="sm" c="dimmed">
        Where a location records where people clock, their phone asks to share its position with each clock event (their choice). Outside
        the radius, or with no position, the entry is flagged for you, never refused. Positions are erased after the data-protection
        retention period for locations; the flags stay.
      </Text>
      {settings.data.sites.length === 0 ? (
        <Text size="sm">Add locations in Settings › Locations to record where people clock.</Text>
      ) : (
        settings.data.sites.map((site) => <SiteForm key={site.location_id} site={site} />)
      )}
    </Stack>
  );
}

/** The button that opens the clocking settings, for those who may change them. */
export function ClockingSettingsButton() {
  const [open, setOpen] = useState(false);
  if (!can({ endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method: 'PUT' })) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Clocking settings
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Clocking settings">
          <ClockingSettingsForm />
        </Modal>
      )}
    </>
  );
}
