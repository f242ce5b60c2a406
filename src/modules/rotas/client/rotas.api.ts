// The rota calls: my shifts (persisted for offline reading), the manager's grid, swaps and
// templates, and the writes. Claiming an open shift and offering a swap are queueable: with
// no network the outbox keeps them and sends each once. Keys start with the resource names
// realtime events list, so a publish elsewhere refreshes the screen.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { QueuedResponse } from '../../../shared/sw-messages';
import {
  ROTA_INVALIDATES,
  ROTA_RESOURCES,
  OfferInputSchema,
  rotaPaths,
  type MyRota,
  type PublishResult,
  type RotaGrid,
  type RotaTemplate,
  type Shift,
  type ShiftCheck,
  type ShiftInput,
  type ShiftSaved,
  type Swap,
  type SwapAction,
} from '../rotas.contract';

export type GridQuery = { from: string; to: string; department_id?: string; location_id?: string };

export const rotaKeys = {
  mine: () => [ROTA_RESOURCES.rota, 'mine'] as const,
  grid: (query: GridQuery) => [ROTA_RESOURCES.rota, 'grid', query] as const,
  swaps: () => [ROTA_RESOURCES.swaps] as const,
  templates: () => [ROTA_RESOURCES.templates] as const,
};

export const myRotaQueryOptions = () =>
  queryOptions({
    queryKey: rotaKeys.mine(),
    queryFn: ({ signal }) => apiFetch<MyRota>(rotaPaths.mine, { signal }),
  });

export const rotaGridQueryOptions = (query: GridQuery) =>
  queryOptions({
    queryKey: rotaKeys.grid(query),
    queryFn: ({ signal }) => apiFetch<RotaGrid>(rotaPaths.shifts, { signal, query }),
    placeholderData: keepPreviousData,
  });

export const swapsQueryOptions = () =>
  queryOptions({
    queryKey: rotaKeys.swaps(),
    queryFn: ({ signal }) => apiFetch<{ results: Swap[] }>(rotaPaths.swaps, { signal }).then((answer) => answer.results),
  });

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: rotaKeys.templates(),
    queryFn: ({ signal }) => apiFetch<{ results: RotaTemplate[] }>(rotaPaths.templates, { signal }).then((answer) => answer.results),
  });

export type ShiftBody = Omit<ShiftInput, 'id'> & { id?: string };

export const checkShift = (body: ShiftBody, signal?: AbortSignal) =>
  apiFetch<ShiftCheck>(rotaPaths.check, { method: 'POST', body, ...(signal ? { signal } : {}) });

const invalidating = (queryClient: QueryClient) => () => invalidateResources(queryClient, ROTA_INVALIDATES);

export const saveShiftMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, body }: { id?: string; body: ShiftBody }) =>
    id
      ? apiFetch<ShiftSaved>(rotaPaths.shift(id), { method: 'PUT', body })
      : apiFetch<ShiftSaved>(rotaPaths.shifts, { method: 'POST', body }),
  onSuccess: invalidating(queryClient),
});

export const deleteShiftMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(rotaPaths.shift(id), { method: 'DELETE' }),
  onSuccess: invalidating(queryClient),
});

/** Takes the person off a shift so a colleague may claim it (a shift on a day its person is away). */
export const makeOpenMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<{ shift: Shift }>(rotaPaths.makeOpen(id), { method: 'POST' }),
  onSuccess: invalidating(queryClient),
});

export const publishMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: GridQuery) => apiFetch<PublishResult>(rotaPaths.publish, { method: 'POST', body }),
  onSuccess: invalidating(queryClient),
});

export const copyWeekMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: { from_week: string; to_week: string; department_id: string }) =>
    apiFetch<{ copied: number }>(rotaPaths.copyWeek, { method: 'POST', body }),
  onSuccess: invalidating(queryClient),
});

export const saveTemplateMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: { name: string; department_id: string; week: string }) =>
    apiFetch<{ id: string }>(rotaPaths.templates, { method: 'POST', body }),
  onSuccess: () => invalidateResources(queryClient, [ROTA_RESOURCES.templates]),
});

export const applyTemplateMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, week }: { id: string; week: string }) =>
    apiFetch<{ added: number }>(rotaPaths.applyTemplate(id), { method: 'POST', body: { week } }),
  onSuccess: invalidating(queryClient),
});

export const claimShiftMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string): Promise<{ claimed: boolean } | QueuedResponse> =>
    apiFetch<{ claimed: boolean }>(rotaPaths.claim(id), {
      method: 'POST',
      // No body: the claim is the tap itself.
      queue: { resource: ROTA_RESOURCES.rota, label: 'Open shift claimed', schema: null, form: null },
    }),
  networkMode: 'always' as const,
  onSuccess: invalidating(queryClient),
});

export const offerShiftMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, note }: { id: string; note: string }): Promise<Swap | QueuedResponse> =>
    apiFetch<Swap>(rotaPaths.offer(id), {
      method: 'POST',
      body: { note },
      queue: { resource: ROTA_RESOURCES.rota, label: 'Shift offered for a swap', schema: OfferInputSchema, form: null },
    }),
  networkMode: 'always' as const,
  onSuccess: invalidating(queryClient),
});

export const swapActionMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, action }: { id: string; action: SwapAction }) => apiFetch<Swap>(rotaPaths.swapAction(id, action), { method: 'POST' }),
  onSuccess: invalidating(queryClient),
});

/** The person's opt-out of the 48-hour weekly average (a field of their employment record). */
export const optOutMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ userId, optOut }: { userId: string; optOut: boolean }) =>
    apiFetch<{ user_id: string; working_time_opt_out: boolean }>(rotaPaths.optOut(userId), {
      method: 'PUT',
      body: { working_time_opt_out: optOut },
    }),
  onSuccess: invalidating(queryClient),
});
