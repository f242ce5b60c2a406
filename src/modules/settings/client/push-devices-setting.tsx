// "My settings": the devices that show the bell's notifications as system notifications
// while the app is closed (Web Push). "Allow notifications on this device" asks the browser,
// subscribes and registers the device; each device can be removed. Logout removes this one.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { RemoveDialog } from '../../../client/ui/confirm-dialog';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import type { PushDevice } from '../../../shared/push.contract';
import { addThisDeviceMutationOptions, pushDevicesQueryOptions, removePushDeviceMutationOptions } from './push-devices.api';
import { SettingProblem, settingProblem } from './setting-problem';

/** This browser's own endpoint and whether it can subscribe (the push code loads only here). */
function useThisDevice() {
  return useQuery({
    queryKey: ['push-this-device'],
    queryFn: async () => {
      const push = await import('../../../client/pwa/push-device');
      return { support: push.pushSupport(), endpoint: await push.currentPushEndpoint().catch(() => null) };
    },
    networkMode: 'always',
    staleTime: 0,
  });
}

function problemOf(error: unknown): string | null {
  if (!error) return null;
  return error instanceof Error && error.name === 'PushRefused' ? error.message : settingProblem(error);
}

function DeviceRow({ device, thisOne, onRemove }: { device: PushDevice; thisOne: boolean; onRemove: () => void }) {
  const last = device.last_sent_at ? `last notified ${formatLondon(device.last_sent_at, DATE_FORMATS.dateTime)}` : 'not notified yet';
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="push-device">
      <div style={{ minWidth: 0 }}>
        <Text fw={500} truncate>
          {device.device}
          {thisOne ? ' (this device)' : ''}
        </Text>
        <Text size="sm" c="dimmed">
          Added {formatLondon(device.created_at, DATE_FORMATS.date)}, {last}
        </Text>
      </div>
      <Button variant="default" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${device.device}`}>
        Remove
      </Button>
    </Group>
  );
}

export function PushDevicesSetting() {
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQueryOptions());
  const thisDevice = useThisDevice();
  const add = useMutation(addThisDeviceMutationOptions(queryClient));
  const allow = (publicKey: string) =>
    add.mutate(publicKey, {
      onSuccess: async (device) => {
        await thisDevice.refetch();
        showSuccessToast({ message: `Notifications are on for ${device.device}.` });
      },
    });
  const remove = useMutation(removePushDeviceMutationOptions(queryClient));
  const [removing, setRemoving] = useState<PushDevice | null>(null);

  if (devices.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (devices.isError) return <Alert color="red">{settingProblem(devices.error)}</Alert>;
  const endpoint = thisDevice.data?.endpoint ?? null;
  const subscribedHere = endpoint !== null && devices.data.results.some((device) => device.endpoint === endpoint);
  const support = thisDevice.data?.support;
  const problem = problemOf(add.error);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Devices that show your notifications while Stafflane is closed.
      </Text>
      {devices.data.results.length === 0 ? (
        <Text size="sm">No devices yet.</Text>
      ) : (
        devices.data.results.map((device) => (
          <DeviceRow key={device.id} device={device} thisOne={device.endpoint === endpoint} onRemove={() => setRemoving(device)} />
        ))
      )}
      {support === 'unsupported' && <Text size="sm">This browser cannot show notifications from Stafflane.</Text>}
      {support === 'denied' && !subscribedHere && (
        <Text size="sm">Notifications are blocked for Stafflane in this browser: allow them in the browser’s site settings.</Text>
      )}
      {support === 'supported' && !subscribedHere && (
        <Group>
          <Button variant="light" loading={add.isPending} onClick={() => allow(devices.data.public_key)}>
            Allow notifications on this device
          </Button>
        </Group>
      )}
      <SettingProblem problem={problem} />
      <RemoveDialog
        item={removing}
        title="Remove device"
        message={(device) => `${device.device} will no longer show your notifications.`}
        removal={remove}
        removed={() => 'Device removed.'}
        problem={settingProblem}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
