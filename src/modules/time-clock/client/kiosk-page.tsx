// The kiosk (/kiosk): a location's shared tablet, opened with its device token (the link an
// administrator made, token after #), with no personal sign-in. A person taps their name, types
// their PIN on the big pad, sees their name and where their clock stands, and taps Clock in,
// Start break, End break or Clock out; the screen says what was recorded and returns to the
// names after a few seconds. Names show only that someone is in (no times, no shifts). With no
// signal the tablet keeps the tap with its time and the PIN, says the PIN will be checked once
// it is back online, and sends it then (once); a refusal then is shown here, with the name only.
import { Alert, Badge, Box, Button, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { newIdempotencyKey } from '../../../client/api/api-client';
import { AppError } from '../../../shared/app-error';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { CLOCK_EVENT_LABELS, type ClockEventKind } from '../time-clock.contract';
import type { KioskClock, KioskDevice, KioskPerson } from '../kiosk.contract';
import {
  dismissRefused,
  fetchKioskDevice,
  flushTaps,
  forgetKioskToken,
  identifyAtKiosk,
  keepDevice,
  keptDevice,
  KioskUnreachable,
  queuedTaps,
  sendTap,
  takeKioskToken,
  type KioskTap,
} from './kiosk-device';
import { PinPad } from './kiosk-pin-pad';

/** How long the answer stays on screen, and how long a half-finished tap waits, before the names return. */
const DONE_MS = 4_000;
const IDLE_MS = 30_000;

type Step =
  | { kind: 'pick' }
  | { kind: 'pin'; person: KioskPerson; problem: string | null }
  | { kind: 'actions'; person: KioskPerson; pin: string; clock: KioskClock | null }
  | { kind: 'done'; title: string; detail: string };

const ACTIONS: Record<KioskClock['state'], ClockEventKind[]> = {
  out: ['clock_in'],
  in: ['break_start', 'clock_out'],
  on_break: ['break_end', 'clock_out'],
};
const BUTTON_LABELS: Record<ClockEventKind, string> = {
  clock_in: 'Clock in',
  break_start: 'Start break',
  break_end: 'End break',
  clock_out: 'Clock out',
};
const STATE_TEXT: Record<KioskClock['state'], string> = { out: 'Not clocked in', in: 'Clocked in', on_break: 'On a break' };
const time = (at: string | Date) => formatLondon(at, DATE_FORMATS.time);
const firstName = (name: string) => name.split(' ')[0] ?? name;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 10_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function KioskPage() {
  const [token, setToken] = useState<string | null>(() => takeKioskToken(localStorage, window.location.hash));
  const [device, setDevice] = useState<KioskDevice | null>(() => keptDevice(localStorage));
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [busy, setBusy] = useState(false);
  const [taps, setTaps] = useState<KioskTap[]>(() => queuedTaps(localStorage));
  const [pin, setPin] = useState('');
  const now = useNow();

  // The token is kept on the tablet; it leaves the address bar (and the browser's history).
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  const refresh = useCallback(async () => {
    if (!token) return;
    try {
      await flushTaps(localStorage, token);
      const fresh = await fetchKioskDevice(token);
      keepDevice(localStorage, fresh);
      setDevice(fresh);
    } catch (error) {
      if (error instanceof AppError && error.code === 'forbidden') {
        forgetKioskToken(localStorage);
        setToken(null);
      }
    } finally {
      setTaps(queuedTaps(localStorage));
    }
  }, [token]);

  useEffect(() => {
    const first = window.setTimeout(() => void refresh(), 0);
    const timer = window.setInterval(() => void refresh(), 30_000);
    const online = () => void refresh();
    window.addEventListener('online', online);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [refresh]);

  // Back to the names: after the answer has been read, or when someone walks away mid-tap.
  useEffect(() => {
    if (step.kind === 'pick') return;
    const timer = window.setTimeout(
      () => {
        setPin('');
        setStep({ kind: 'pick' });
      },
      step.kind === 'done' ? DONE_MS : IDLE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step]);

  if (!token) {
    return (
      <Center mih="100vh" p="md">
        <Stack maw={420} gap="md">
          <Title order={1}>Time clock</Title>
          <Alert color="orange" title="This tablet is not a kiosk">
            Open the kiosk link an administrator made in Timesheets → Kiosks on this tablet. A revoked kiosk needs a new link.
          </Alert>
        </Stack>
      </Center>
    );
  }

  const submitPin = async () => {
    if (step.kind !== 'pin') return;
    setBusy(true);
    try {
      const clock = await identifyAtKiosk(token, { user_id: step.person.user_id, pin });
      setStep({ kind: 'actions', person: step.person, pin, clock });
    } catch (error) {
      if (error instanceof KioskUnreachable) setStep({ kind: 'actions', person: step.person, pin, clock: null });
      else {
        setPin('');
        setStep({ ...step, problem: error instanceof Error ? error.message : 'Try again.' });
      }
    } finally {
      setBusy(false);
    }
  };

  const act = async (kind: ClockEventKind) => {
    if (step.kind !== 'actions') return;
    setBusy(true);
    const tapped = new Date();
    const tap: KioskTap = {
      key: newIdempotencyKey(),
      name: step.person.name,
      user_id: step.person.user_id,
      pin: step.pin,
      kind,
      device_time: tapped.toISOString(),
    };
    try {
      const answer = await sendTap(localStorage, token, tap);
      const who = firstName(step.person.name);
      if (answer === 'queued') {
        setStep({
          kind: 'done',
          title: `${CLOCK_EVENT_LABELS[kind]} at ${time(tapped)}, ${who}`,
          detail: 'Saved on this tablet. Your PIN will be checked when it is back online.',
        });
      } else {
        setStep({ kind: 'done', title: `${CLOCK_EVENT_LABELS[kind]} at ${time(tapped)}, ${who}`, detail: STATE_TEXT[answer.state] });
        void refresh();
      }
    } catch (error) {
      setStep({ kind: 'done', title: 'Not recorded', detail: error instanceof Error ? error.message : 'Try again.' });
    } finally {
      setPin('');
      setBusy(false);
      setTaps(queuedTaps(localStorage));
    }
  };

  const waiting = taps.filter((tap) => !tap.refused);
  const refused = taps.filter((tap) => tap.refused);
  const back = (
    <Button
      variant="default"
      h={56}
      fz="lg"
      onClick={() => {
        setPin('');
        setStep({ kind: 'pick' });
      }}
    >
      Back
    </Button>
  );

  return (
    <Box mih="100vh" p="md" bg="gray.0">
      <Stack gap="md" maw={720} mx="auto">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={1} fz="h3">
              {device?.location_name ?? 'Time clock'}
            </Title>
            <Text size="sm" c="dimmed">
              {device?.kiosk_name ?? 'Kiosk'}
            </Text>
          </Stack>
          <Text fz={32} fw={700} aria-label="Time now">
            {time(now)}
          </Text>
        </Group>

        {step.kind === 'pick' && (
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb="sm">
              Tap your name
            </Text>
            {!device && <Text c="dimmed">Loading the names…</Text>}
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
              {device?.people.map((person) => (
                <Button
                  key={person.user_id}
                  variant="default"
                  h={64}
                  fz="md"
                  radius="lg"
                  onClick={() => setStep({ kind: 'pin', person, problem: null })}
                  rightSection={person.in ? <Badge color="green">In</Badge> : null}
                  styles={{ inner: { justifyContent: 'space-between' } }}
                >
                  {person.name}
                </Button>
              ))}
            </SimpleGrid>
          </Paper>
        )}

        {step.kind === 'pin' && (
          <Paper withBorder radius="lg" p="md">
            <Stack gap="md">
              <Title order={2} fz="h3" ta="center">
                {step.person.name}: your PIN
              </Title>
              {step.problem && (
                <Alert color="red" role="alert">
                  {step.problem}
                </Alert>
              )}
              <PinPad pin={pin} busy={busy} onPin={setPin} onSubmit={() => void submitPin()} />
              {back}
            </Stack>
          </Paper>
        )}

        {step.kind === 'actions' && (
          <Paper withBorder radius="lg" p="md">
            <Stack gap="md">
              <Stack gap={0} ta="center">
                <Title order={2} fz="h2">
                  {step.person.name}
                </Title>
                <Text size="lg">
                  {step.clock
                    ? `${STATE_TEXT[step.clock.state]}${step.clock.since ? ` since ${time(step.clock.since)}` : ''}`
                    : 'Offline: your PIN will be checked when the tablet is back online.'}
                </Text>
              </Stack>
              <SimpleGrid cols={step.clock?.state === 'out' ? 1 : 2} spacing="sm">
                {(step.clock ? ACTIONS[step.clock.state] : (['clock_in', 'break_start', 'break_end', 'clock_out'] as const)).map((kind) => (
                  <Button
                    key={kind}
                    h={72}
                    fz="xl"
                    radius="lg"
                    color={kind === 'clock_out' ? 'red' : kind === 'clock_in' ? 'green' : 'blue'}
                    loading={busy}
                    onClick={() => void act(kind)}
                  >
                    {BUTTON_LABELS[kind]}
                  </Button>
                ))}
              </SimpleGrid>
              {back}
            </Stack>
          </Paper>
        )}

        {step.kind === 'done' && (
          <Paper withBorder radius="lg" p="xl" role="status">
            <Stack gap="xs" ta="center">
              <Title order={2} fz="h2">
                {step.title}
              </Title>
              <Text size="lg">{step.detail}</Text>
            </Stack>
          </Paper>
        )}

        {waiting.length > 0 && (
          <Alert color="blue">
            {waiting.length === 1 ? '1 tap is' : `${waiting.length} taps are`} saved on this tablet, to send when it is back online.
          </Alert>
        )}
        {refused.map((tap) => (
          <Alert
            key={tap.key}
            color="red"
            title={`${CLOCK_EVENT_LABELS[tap.kind]} at ${time(tap.device_time)} for ${tap.name} was not recorded`}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => {
              dismissRefused(localStorage, tap.key);
              setTaps(queuedTaps(localStorage));
            }}
          >
            {tap.refused}
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
