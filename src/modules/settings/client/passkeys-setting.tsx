// "My settings" → Sign-in security → Passkeys: each named, with when it was added and last
// used, removable; "Add a passkey" asks the browser to make one (the fingerprint, face or PIN
// of this device, or a security key). A passkey signs in on its own from the login page.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { RemoveDialog } from '../../../client/ui/confirm-dialog';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import type { TwoFactorSetting } from '../../auth/auth.contract';
import { SettingProblem, settingProblem } from './setting-problem';
import { addPasskeyMutationOptions, removePasskeyMutationOptions } from './two-factor.api';

type Passkey = TwoFactorSetting['passkeys'][number];
export const PASSKEY_CANCELLED = 'No passkey was made: the browser’s request was closed or timed out.';

function problemOf(error: unknown): string | null {
  if (!error) return null;
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'WebAuthnError') && !('status' in error)
    ? PASSKEY_CANCELLED
    : settingProblem(error);
}

export function PasskeysSetting({ setting, locked }: { setting: TwoFactorSetting; locked: boolean }) {
  const queryClient = useQueryClient();
  const add = useMutation(addPasskeyMutationOptions(queryClient));
  const remove = useMutation(removePasskeyMutationOptions(queryClient));
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const problem = problemOf(add.error);

  return (
    <Stack gap="xs">
      <Text size="sm">Sign in with this device’s fingerprint, face or PIN, or a security key, instead of a password and a code.</Text>
      {setting.passkeys.length === 0 ? (
        <Text size="sm">No passkeys yet.</Text>
      ) : (
        setting.passkeys.map((passkey) => (
          <Group key={passkey.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="passkey">
            <div style={{ minWidth: 0 }}>
              <Text fw={500} truncate>
                {passkey.name}
              </Text>
              <Text size="sm" c="dimmed">
                Added {formatLondon(passkey.created_at, DATE_FORMATS.date)},{' '}
                {passkey.last_used_at ? `last used ${formatLondon(passkey.last_used_at, DATE_FORMATS.dateTime)}` : 'not used yet'}
              </Text>
            </div>
            <Button
              variant="default"
              color="red"
              size="xs"
              disabled={locked}
              onClick={() => setRemoving(passkey)}
              aria-label={`Remove ${passkey.name}`}
            >
              Remove
            </Button>
          </Group>
        ))
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(name.trim(), {
            onSuccess: (added) => {
              setName('');
              showSuccessToast({ message: `Passkey “${added.name}” added.` });
            },
          });
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Passkey name"
            placeholder="e.g. Work laptop"
            required
            maxLength={60}
            value={name}
            disabled={locked}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" variant="light" disabled={locked || name.trim() === ''} loading={add.isPending}>
            Add a passkey
          </Button>
        </Group>
      </form>
      <SettingProblem problem={problem} />
      <RemoveDialog
        item={removing}
        title="Remove passkey"
        message={(passkey) => `“${passkey.name}” will no longer sign you in.`}
        removal={remove}
        removed={() => 'Passkey removed.'}
        problem={settingProblem}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
