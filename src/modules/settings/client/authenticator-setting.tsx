// "My settings" → Sign-in security → Authenticator app: set one up from a QR code (or the key
// typed in), confirm it with a code, save the ten recovery codes; later, new recovery codes,
// setting it up again, or removing it. The secret is shown only while setting up.
import '@mantine/core/styles/Code.css';
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { TwoFactorSetting } from '../../auth/auth.contract';
import type { AuthenticatorSetup } from '../../auth/two-factor.contract';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SettingProblem, settingProblem } from './setting-problem';
import {
  confirmAuthenticatorMutationOptions,
  removeAuthenticatorMutationOptions,
  renewRecoveryCodesMutationOptions,
  startAuthenticatorMutationOptions,
} from './two-factor.api';

const QrCode = lazy(() => import('./qr-code'));

/** The key in groups of four, as authenticator apps let it be typed. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function SetupStep({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: AuthenticatorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const confirm = useMutation(confirmAuthenticatorMutationOptions(queryClient));
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate(code.trim(), { onSuccess: (result) => onConfirmed(result.codes) });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</Text>
        <Suspense fallback={<div style={{ width: 192, height: 192 }} />}>
          <QrCode text={setup.uri} label="QR code for your authenticator app" />
        </Suspense>
        <Text size="sm">
          Can’t scan it? Enter this key in the app: <Code data-testid="authenticator-key">{grouped(setup.secret)}</Code>
        </Text>
        <TextInput
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={confirm.error ? settingProblem(confirm.error) : undefined}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AuthenticatorSetting({ setting, locked }: { setting: TwoFactorSetting; locked: boolean }) {
  const queryClient = useQueryClient();
  const start = useMutation(startAuthenticatorMutationOptions());
  const renew = useMutation(renewRecoveryCodesMutationOptions(queryClient));
  const remove = useMutation(removeAuthenticatorMutationOptions(queryClient));
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const problem = settingProblem(start.error ?? renew.error ?? remove.error);

  if (codes) return <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />;
  if (setup)
    return (
      <SetupStep
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(fresh) => {
          setSetup(null);
          setCodes(fresh);
          showSuccessToast({ message: 'Your authenticator app is set up.' });
        }}
      />
    );
  const begin = () => start.mutate(undefined, { onSuccess: setSetup });
  return (
    <Stack gap="xs">
      {setting.authenticator ? (
        <Text size="sm">
          An authenticator app is set up. {setting.recovery_codes_left} of your recovery codes{' '}
          {setting.recovery_codes_left === 1 ? 'is' : 'are'} left.
        </Text>
      ) : (
        <Text size="sm">
          Use an app such as Microsoft Authenticator, Google Authenticator or 1Password for a code that changes every 30 seconds, instead of
          a code by e-mail.
        </Text>
      )}
      <Group gap="xs">
        <Button variant="light" size="sm" disabled={locked} loading={start.isPending} onClick={begin}>
          {setting.authenticator ? 'Set up again' : 'Set up an authenticator app'}
        </Button>
        {setting.authenticator && (
          <>
            <Button
              variant="default"
              size="sm"
              disabled={locked}
              loading={renew.isPending}
              onClick={() => renew.mutate(undefined, { onSuccess: (r) => setCodes(r.codes) })}
            >
              New recovery codes
            </Button>
            <Button
              variant="default"
              color="red"
              size="sm"
              disabled={locked}
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => showSuccessToast({ message: 'Authenticator app removed.' }) })}
            >
              Remove authenticator app
            </Button>
          </>
        )}
      </Group>
      <SettingProblem problem={problem} />
    </Stack>
  );
}
