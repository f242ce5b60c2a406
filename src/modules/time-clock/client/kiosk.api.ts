// The kiosk's signed-in calls: the company's kiosks (set up, revoke), the person's own PIN and a
// manager's reset. Keys start with the resource name, so realtime events naming it refresh them.
// The tablet's own calls, with its device token, are in kiosk-device.ts.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { KIOSK_RESOURCES, kioskPaths, type CreateKioskInput, type CreatedKiosk, type Kiosk, type PinStatus } from '../kiosk.contract';

export const kioskKeys = {
  list: [KIOSK_RESOURCES.kiosks, 'list'] as const,
  pin: [KIOSK_RESOURCES.pin, 'mine'] as const,
};

export const kiosksQueryOptions = () =>
  queryOptions({ queryKey: kioskKeys.list, queryFn: ({ signal }) => apiFetch<Kiosk[]>(kioskPaths.kiosks, { signal }) });

export const pinStatusQueryOptions = () =>
  queryOptions({ queryKey: kioskKeys.pin, queryFn: ({ signal }) => apiFetch<PinStatus>(kioskPaths.pin, { signal }) });

export const createKioskMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: CreateKioskInput) => apiFetch<CreatedKiosk>(kioskPaths.kiosks, { method: 'POST', body }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: [KIOSK_RESOURCES.kiosks] }),
});

export const revokeKioskMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<{ revoked: true }>(kioskPaths.kiosk(id), { method: 'DELETE' }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: [KIOSK_RESOURCES.kiosks] }),
});

export const setPinMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (pin: string) => apiFetch<PinStatus>(kioskPaths.pin, { method: 'PUT', body: { pin } }),
  onSuccess: (status: PinStatus) => queryClient.setQueryData(kioskKeys.pin, status),
});

export const resetPinMutationOptions = () => ({
  mutationFn: (userId: string) => apiFetch<{ reset: boolean }>(kioskPaths.personPin(userId), { method: 'DELETE' }),
});
