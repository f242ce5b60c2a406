// My settings, "Kiosk PIN": the 4 to 6 digits a person types on a location's kiosk tablet to
// clock in and out. The PIN is never shown again (only its hash is kept); a manager can reset it.
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { can } from '../../../client/ui/permission-guard';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { kioskMessages } from '../kiosk.contract';
import { TIME_CLOCK_ENDPOINT } from '../time-clock.contract';
import { pinStatusQueryOptions, setPinMutationOptions } from './kiosk.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

export function KioskPinSection() {
  const allowed = can({ endpoint: TIME_CLOCK_ENDPOINT, method: 'POST' });
  const queryClient = useQueryClient();
  const status = useQuery({ ...pinStatusQueryOptions(), enabled: allowed });
  const save = useMutation(setPinMutationOptions(queryClient));
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!allowed) return <Text c="dimmed">Your role does not clock time.</Text>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,6}$/.test(pin)) return setProblem(kioskMessages.pin);
    if (pin !== again) return setProblem('The two PINs are not the same.');
    setProblem(null);
    save.mutate(pin, {
      onSuccess: () => {
        setPin('');
        setAgain('');
        showSuccessToast({ message: 'Your kiosk PIN is set.' });
      },
      onError: (error) => setProblem(isApiError(error) ? error.message : 'Could not save the PIN. Try again.'),
    });
  };
  const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text>
          Your PIN for clocking in on a kiosk tablet at your location: 4 to 6 digits. Keep it to yourself.
          {status.data?.has_pin && status.data.updated_at ? ` Set on ${formatLondon(status.data.updated_at, DATE_FORMATS.date)}.` : ''}
        </Text>
        <Group grow align="flex-start">
          <PasswordInput
            label={status.data?.has_pin ? 'New PIN' : 'PIN'}
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(event) => setPin(digits(event.currentTarget.value))}
          />
          <PasswordInput
            label="PIN again"
            inputMode="numeric"
            autoComplete="off"
            value={again}
            onChange={(event) => setAgain(digits(event.currentTarget.value))}
          />
        </Group>
        <ProblemAlert problem={problem} />
        <div>
          <Button type="submit" loading={save.isPending}>
            {status.data?.has_pin ? 'Change PIN' : 'Set PIN'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
