// /rotas/shifts, My Rota Shifts: other modules' cards for the person on shift (the time clock),
// then the person's published shifts this week and next with who
// works alongside, open shifts to claim and swaps to take. Opens with no signal from the
// persisted cache, saying when it was last updated; a claim or a swap offer made offline
// waits in the outbox and is sent once.
import '@mantine/core/styles/Skeleton.css';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useOnline } from '../../../client/offline/network';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClientModules } from '../../../client/shell/client-modules';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { LoadError } from '../../../client/ui/load-error';
import { useOutboxItems } from '../../../client/offline/outbox-items';
import { addDays, DATE_FORMATS, formatLondon, londonInstant } from '../../../shared/dates';
import { isQueuedResponse } from '../../../shared/sw-messages';
import { ROTA_RESOURCES, type MyRota, type MyShift } from '../rotas.contract';
import { claimShiftMutationOptions, myRotaQueryOptions, offerShiftMutationOptions } from './rotas.api';
import { ShiftCard } from './shift-card';
import { SwapList } from './swap-list';
import { ROTAS_SCREENS } from './rotas.screens';

export function MyShiftsPage() {
  usePageTitle(ROTAS_SCREENS.myShifts.heading);
  const rota = useQuery(myRotaQueryOptions());
  const online = useOnline();
  const queued = useOutboxItems(ROTA_RESOURCES.rota).length;
  // Other modules' cards for the person on shift (the time clock's "Clock in").
  const cards = useClientModules().flatMap((module) => module.rotaCards ?? []);

  let body;
  // The last-known rota stays on screen when a refresh fails (no signal): it is what the page is for.
  if (rota.data) body = <MyRotaView rota={rota.data} />;
  else if (rota.isError) body = <LoadError what="shifts" error={rota.error} onRetry={() => void rota.refetch()} />;
  else body = <Skeleton h={240} radius="md" aria-label="Loading your shifts" />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{ROTAS_SCREENS.myShifts.heading}</Title>
        {/* The line has its place before the rota arrives, a row of its own below md: arriving later
            it wrapped under the heading and pushed the time clock and the rota down (a layout shift of
            0.31 on a slow phone). */}
        <Text
          size="sm"
          c="dimmed"
          w={{ base: '100%', md: 'auto' }}
          aria-hidden={rota.dataUpdatedAt === 0}
          data-testid={rota.dataUpdatedAt > 0 ? 'rota-last-updated' : undefined}
        >
          {rota.dataUpdatedAt > 0
            ? `${online ? 'Last updated' : 'Offline: last updated'} ${formatLondon(rota.dataUpdatedAt, DATE_FORMATS.dateTime)}`
            : '\u00a0'}
        </Text>
      </Group>
      {queued > 0 && (
        <Alert color="yellow" variant="light" role="status">
          {queued === 1 ? 'One change is' : `${queued} changes are`} waiting to sync: it will be sent when you are back online.
        </Alert>
      )}
      {cards.map(({ key, component: Card }) => (
        <Card key={key} />
      ))}
      {body}
    </Stack>
  );
}

function MyRotaView({ rota }: { rota: MyRota }) {
  const queryClient = useQueryClient();
  const claim = useMutation(claimShiftMutationOptions(queryClient));
  const offer = useMutation(offerShiftMutationOptions(queryClient));
  const [pendingIds, setPendingIds] = useState<string[]>([]);
  const nextMonday = addDays(rota.from, 7);
  const split = londonInstant(nextMonday, '00:00').getTime();
  const weeks: [string, MyShift[]][] = [
    ['This week', rota.shifts.filter((s) => Date.parse(s.start_at) < split)],
    ['Next week', rota.shifts.filter((s) => Date.parse(s.start_at) >= split)],
  ];
  const offered = new Set(
    rota.swaps.filter((swap) => swap.status === 'offered' || swap.status === 'accepted').map((swap) => swap.shift.id),
  );
  const queuedNote = (id: string, answer: unknown, done: string) => {
    if (isQueuedResponse(answer)) setPendingIds((ids) => [...ids, id]);
    else showSuccessToast({ message: done });
  };

  return (
    <Stack gap="xl">
      {weeks.map(([label, shifts]) => (
        <Stack key={label} gap="sm" component="section" aria-label={label}>
          <Title order={2} size="h3">
            {label}
          </Title>
          {shifts.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Text c="dimmed">No shifts {label === 'This week' ? 'this week' : 'next week'}.</Text>
            </Paper>
          ) : (
            shifts.map((shift) => (
              <ShiftCard
                key={shift.id}
                shift={shift}
                colleagues={shift.colleagues}
                status={
                  pendingIds.includes(shift.id) ? (
                    <Badge color="yellow">Waiting to sync</Badge>
                  ) : offered.has(shift.id) ? (
                    <Badge color="orange">Offered for swap</Badge>
                  ) : null
                }
                action={
                  !offered.has(shift.id) && !pendingIds.includes(shift.id) && Date.parse(shift.start_at) > Date.now() ? (
                    <Button
                      size="xs"
                      variant="light"
                      loading={offer.isPending && offer.variables?.id === shift.id}
                      onClick={() =>
                        offer.mutate(
                          { id: shift.id, note: '' },
                          { onSuccess: (answer) => queuedNote(shift.id, answer, 'Your shift is offered to colleagues.') },
                        )
                      }
                    >
                      Offer swap
                    </Button>
                  ) : undefined
                }
              />
            ))
          )}
        </Stack>
      ))}
      <Stack gap="sm" component="section" aria-label="Open shifts">
        <Title order={2} size="h3">
          Open shifts
        </Title>
        {rota.open.length === 0 ? (
          <Text c="dimmed">No open shifts in your departments.</Text>
        ) : (
          rota.open.map((shift) => (
            <ShiftCard
              key={shift.id}
              shift={shift}
              status={pendingIds.includes(shift.id) ? <Badge color="yellow">Waiting to sync</Badge> : <Badge color="teal">Open</Badge>}
              action={
                pendingIds.includes(shift.id) ? undefined : (
                  <Button
                    size="xs"
                    loading={claim.isPending && claim.variables === shift.id}
                    onClick={() => claim.mutate(shift.id, { onSuccess: (answer) => queuedNote(shift.id, answer, 'The shift is yours.') })}
                  >
                    Claim shift
                  </Button>
                )
              }
            />
          ))
        )}
      </Stack>
      <SwapList swaps={rota.swaps} />
    </Stack>
  );
}
