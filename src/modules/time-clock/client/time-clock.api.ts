// The time clock's calls: the person's clock, a clock event (queueable: with no network the
// outbox keeps it, with the device's time, and sends it once), the week's timesheets, an edit
// with its reason and approval. Keys start with the resource name, so realtime events naming
// it refresh them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { isQueuedResponse, type QueuedResponse } from '../../../shared/sw-messages';
import {
  CLOCK_EVENT_LABELS,
  ClockEventInputSchema,
  TIME_CLOCK_INVALIDATES,
  TIME_CLOCK_RESOURCES,
  timeClockPaths,
  type ClockEventKind,
  type EditEntryInput,
  type InNow,
  type MyClock,
  type TimesheetWeek,
} from '../time-clock.contract';
import type { ClockPosition } from '../time-clock-location.contract';

export const timeClockKeys = {
  mine: [TIME_CLOCK_RESOURCES.clock, 'mine'] as const,
  week: (week: string) => [TIME_CLOCK_RESOURCES.timesheets, 'week', week] as const,
  /** Under the timesheets' name: every clock event's realtime message refreshes it. */
  inNow: [TIME_CLOCK_RESOURCES.timesheets, 'in-now'] as const,
};

export const myClockQueryOptions = () =>
  queryOptions({
    queryKey: timeClockKeys.mine,
    queryFn: ({ signal }) => apiFetch<MyClock>(timeClockPaths.clock, { signal }),
    meta: { errorToast: false },
  });

export const timesheetsQueryOptions = (week: string) =>
  queryOptions({
    queryKey: timeClockKeys.week(week),
    queryFn: ({ signal }) => apiFetch<TimesheetWeek>(timeClockPaths.timesheets, { signal, query: { week } }),
  });

export const inNowQueryOptions = () =>
  queryOptions({
    queryKey: timeClockKeys.inNow,
    queryFn: ({ signal }) => apiFetch<InNow>(timeClockPaths.inNow, { signal }),
  });

/** One tap, as sent: its kind, the device's time then, the position then (where recorded), and the key that makes every attempt one write. */
export type SentEvent = { key: string; kind: ClockEventKind; device_time: string; location?: ClockPosition | null };

export function sendClockEvent(event: SentEvent): Promise<MyClock | QueuedResponse> {
  return apiFetch<MyClock>(timeClockPaths.events, {
    method: 'POST',
    body: { kind: event.kind, device_time: event.device_time, ...(event.location === undefined ? {} : { location: event.location }) },
    idempotencyKey: event.key,
    // A tap on the clock (its time is the device's): nothing typed to correct.
    queue: { resource: TIME_CLOCK_RESOURCES.clock, label: CLOCK_EVENT_LABELS[event.kind], schema: ClockEventInputSchema, form: null },
  });
}

export const clockEventMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: sendClockEvent,
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  onSuccess: (answer: MyClock | QueuedResponse) => {
    if (isQueuedResponse(answer)) return;
    queryClient.setQueryData(timeClockKeys.mine, answer);
    return invalidateResources(queryClient, TIME_CLOCK_INVALIDATES);
  },
});

export const editEntryMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, body }: { id: string; body: EditEntryInput }) => apiFetch(timeClockPaths.entry(id), { method: 'PUT', body }),
  onSuccess: () => invalidateResources(queryClient, TIME_CLOCK_INVALIDATES),
});

export const approveMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (ids: string[]) => apiFetch<{ approved: number }>(timeClockPaths.approveAll, { method: 'POST', body: { ids } }),
  onSuccess: () => invalidateResources(queryClient, TIME_CLOCK_INVALIDATES),
});
