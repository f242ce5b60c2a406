// Dashboard card "Time clock": clock in, start and end a break, clock out. It shows the shift
// the time belongs to, the time on the clock and the running total. A tap is sent with the
// phone's time; with no signal the outbox keeps it and the card shows it at once, marked as
// waiting to send, until the outbox delivers it (once, in order).
import '@mantine/core/styles/Skeleton.css';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError, newIdempotencyKey } from '../../../client/api/api-client';
import { PENDING_STATES, useOutboxItems } from '../../../client/offline/outbox-items';
import { showDangerToast } from '../../../client/shell/toasts';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { can } from '../../../client/ui/permission-guard';
import { DATE_FORMATS, formatDuration, formatLondon, londonDate } from '../../../shared/dates';
import { isQueuedResponse } from '../../../shared/sw-messages';
import { CLOCK_EVENT_KINDS, TIME_CLOCK_ENDPOINT, TIME_CLOCK_RESOURCES, type ClockEventKind, type ClockShift } from '../time-clock.contract';
import { CLOCK_IN_EARLY_MINUTES } from '../time-clock.policy';
import { ClockLocationNote } from './clock-location-note';
import { clockView, type PendingTap } from './clock-view';
import { capturePosition } from './position';
import { clockEventMutationOptions, myClockQueryOptions } from './time-clock.api';

const time = (at: string) => formatLondon(at, DATE_FORMATS.time);

export function shiftText(shift: ClockShift): string {
  const day = londonDate(new Date(shift.start_at)) === londonDate(new Date()) ? '' : `${formatLondon(shift.start_at, DATE_FORMATS.date)} `;
  const what = [shift.role, shift.department_name].filter(Boolean).join(', ');
  return `${day}${time(shift.start_at)}–${time(shift.end_at)}${what ? ` · ${what}` : ''}`;
}

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const justClosed = (last: { to: string } | null, now: Date) =>
  last !== null && now.getTime() - new Date(last.to).getTime() < 12 * 3_600_000;

function tapOf(item: { id: string; body?: unknown }): PendingTap | null {
  const body = item.body && typeof item.body === 'object' ? (item.body as Partial<PendingTap>) : null;
  if (!body || typeof body.device_time !== 'string' || !CLOCK_EVENT_KINDS.includes(body.kind as ClockEventKind)) return null;
  return { key: item.id, kind: body.kind as ClockEventKind, device_time: body.device_time };
}

const mayClock = () => can({ endpoint: TIME_CLOCK_ENDPOINT, method: 'POST' });

export const clockCardReads = (): readonly QueryRead[] => (mayClock() ? [queryRead(myClockQueryOptions())] : []);

export function ClockCard() {
  const allowed = mayClock();
  const queryClient = useQueryClient();
  const clock = useQuery({ ...myClockQueryOptions(), enabled: allowed });
  const send = useMutation(clockEventMutationOptions(queryClient));
  const outbox = useOutboxItems(TIME_CLOCK_RESOURCES.clock);
  const [tapped, setTapped] = useState<PendingTap[]>([]);
  const now = useNow(15_000);
  // Taps go in order, each after its position (where recorded) has come or timed out.
  const sending = useRef<Promise<unknown>>(Promise.resolve());

  const queued = useMemo(() => outbox.filter((item) => PENDING_STATES.includes(item.state)).flatMap((item) => tapOf(item) ?? []), [outbox]);
  // A synced item no longer carries its body: the taps seen queued are kept, as sent, until the
  // clock shows them, so the card never falls back to the state before them in between.
  const [seen, setSeen] = useState<Record<string, PendingTap>>({});
  const unseen = queued.filter((tap) => !seen[tap.key]);
  if (unseen.length > 0) setSeen((known) => ({ ...known, ...Object.fromEntries(unseen.map((tap) => [tap.key, tap])) }));
  const sent = outbox.flatMap((item) => {
    const tap = item.state === 'synced' ? seen[item.id] : undefined;
    return tap ? [{ ...tap, sent: true }] : [];
  });
  // A tap handed to the outbox is the outbox's to show from then on.
  const knownKeys = useMemo(() => new Set(outbox.map((item) => item.id)), [outbox]);
  const ownTaps = tapped.filter((tap) => !knownKeys.has(tap.key));

  const view = clockView(clock.data, [...queued, ...sent, ...ownTaps], now);
  // Shown while a shift is due (today or tomorrow), "Clock in" is offered, while clocked in, with taps to send, or just after.
  const relevant = view.shift !== null || view.mayClockIn || view.state !== 'out' || view.unsent > 0 || justClosed(view.last, now);
  // Its place is kept while the clock is first read, so the page under it (the rota) does not jump
  // down when it arrives (a layout shift of 0.34 on My Rota Shifts on a slow phone).
  if (allowed && clock.isPending && clock.fetchStatus === 'fetching') {
    return <Skeleton h={200} radius="lg" aria-label="Loading the time clock" />;
  }
  if (!allowed || !relevant) return null;

  const tap = (kind: ClockEventKind) => {
    const event: PendingTap = { key: newIdempotencyKey(), kind, device_time: new Date().toISOString() };
    setTapped((taps) => [...taps, event]);
    const position = clock.data?.record_location ? capturePosition() : undefined;
    sending.current = sending.current.then(async () => {
      const location = position === undefined ? undefined : await position;
      return send
        .mutateAsync(location === undefined ? event : { ...event, location }, {
          onSuccess: (answer) => {
            const forget = () => setTapped((taps) => taps.filter((other) => other.key !== event.key));
            // Queued: the outbox shows it once its list arrives; the server's answer shows it otherwise.
            if (isQueuedResponse(answer)) window.setTimeout(forget, 10_000);
            else forget();
          },
          onError: (error) => {
            setTapped((taps) => taps.filter((other) => other.key !== event.key));
            const message = isApiError(error) ? error.message : null;
            showDangerToast({ message: message ?? 'Your clock could not be updated. Please try again.' });
          },
        })
        .catch(() => undefined);
    });
  };

  // The shift the card is about: the one to clock (in) for, or the one just clocked out of, waiting to send.
  const shown = view.shift ?? (view.waitingOut ? (view.last?.shift ?? null) : null);
  const hint = view.waitingOut
    ? 'You can clock in again once your clock-out has been sent.'
    : view.state === 'out' && !view.mayClockIn && view.shift
      ? `Clock in opens at ${time(new Date(new Date(view.shift.start_at).getTime() - CLOCK_IN_EARLY_MINUTES * 60_000).toISOString())}.`
      : null;
  const status =
    view.state === 'out'
      ? view.last && justClosed(view.last, now)
        ? `Clocked out at ${time(view.last.to)}`
        : 'Not clocked in'
      : view.state === 'on_break'
        ? `On a break since ${time(view.breakSince ?? '')}`
        : `Clocked in at ${time(view.clockedInAt ?? '')}`;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="time-clock-title" data-testid="clock-card">
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Title order={2} fz="h4" id="time-clock-title">
          Time clock
        </Title>
        <Text fz="xl" fw={700} aria-label="Time on the clock" ff="monospace">
          {time(now.toISOString())}
        </Text>
      </Group>
      <Stack gap={4} mb={view.state !== 'out' || view.mayClockIn ? 'md' : 0}>
        <Text size="sm" c={shown ? undefined : 'dimmed'}>
          {shown
            ? `Shift ${shiftText(shown)}`
            : view.state !== 'out' || view.mayClockIn
              ? 'No shift on the rota now: your time is recorded without one.'
              : 'No other shift on the rota today or tomorrow.'}
        </Text>
        <Text fw={600} role="status" aria-live="polite">
          {status}
        </Text>
        {view.state !== 'out' && (
          <Text size="sm">
            Worked so far <b data-testid="clock-total">{formatDuration(view.workedMinutes)}</b>
            {view.breakMinutes > 0 ? ` · breaks ${formatDuration(view.breakMinutes)}` : ''}
          </Text>
        )}
        {view.state === 'out' && view.last && (
          <Text size="sm" c="dimmed">
            Last: {time(view.last.from)}–{time(view.last.to)}, {formatDuration(view.last.workedMinutes)} worked
          </Text>
        )}
        {view.unsent > 0 && (
          <Badge color="orange" variant="light" w="fit-content">
            {view.unsent === 1 ? '1 clock event waiting to send' : `${view.unsent} clock events waiting to send`}
          </Badge>
        )}
        <ClockLocationNote clock={clock.data} />
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      {(view.state !== 'out' || view.mayClockIn) && (
        <Group gap="sm" grow>
          {view.mayClockIn && (
            <Button
              size="md"
              color="green"
              onClick={() => tap('clock_in')}
              disabled={clock.isPending && !clock.data && queued.length === 0}
            >
              Clock in
            </Button>
          )}
          {view.state === 'in' && (
            <Button size="md" variant="light" onClick={() => tap('break_start')}>
              Start break
            </Button>
          )}
          {view.state === 'on_break' && (
            <Button size="md" variant="light" onClick={() => tap('break_end')}>
              End break
            </Button>
          )}
          {view.state !== 'out' && (
            <Button size="md" color="red" onClick={() => tap('clock_out')}>
              Clock out
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}
