// The caller's devices that get notifications (GET/DELETE /api/push-subscriptions, the
// notifications contract), for the "My settings" tab.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { PUSH_SUBSCRIPTIONS_RESOURCE, pushPaths, type PushDevices } from '../../../shared/push.contract';

export const pushDevicesKeys = { list: [PUSH_SUBSCRIPTIONS_RESOURCE] as const };

export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: pushDevicesKeys.list,
    queryFn: ({ signal }) => apiFetch<PushDevices>(pushPaths.list, { signal }),
  });

export const removePushDeviceMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(pushPaths.one(id), { method: 'DELETE' }),
  onSuccess: () => invalidateResources(queryClient, [PUSH_SUBSCRIPTIONS_RESOURCE]),
  meta: { errorToast: false },
});

/** Asks the browser and registers this device (the push code loads only now). */
export const addThisDeviceMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: async (publicKey: string) => {
    const push = await import('../../../client/pwa/push-device');
    return push.subscribeThisDevice(publicKey);
  },
  onSuccess: () => invalidateResources(queryClient, [PUSH_SUBSCRIPTIONS_RESOURCE]),
  meta: { errorToast: false },
});
