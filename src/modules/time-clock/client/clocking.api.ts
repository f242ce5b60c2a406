// The clocking settings' calls (owners and HR admins): the company's switch for clocking in
// without a rota shift, each location's site, and how far past a shift approved time is offered
// as overtime. Keys start with the settings resource, so a
// change anywhere refreshes them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { clockingPaths, type ClockingRulesInput, type ClockingSettings, type ClockSiteInput } from '../time-clock-location.contract';
import { OVERTIME_OFFER_RESOURCES, overtimeOfferPaths, type OfferSettings } from '../overtime-offers.contract';
import { TIME_CLOCK_INVALIDATES, TIME_CLOCK_RESOURCES } from '../time-clock.contract';

export const clockingQueryOptions = () =>
  queryOptions({
    queryKey: [TIME_CLOCK_RESOURCES.settings, 'clocking'] as const,
    queryFn: ({ signal }) => apiFetch<ClockingSettings>(clockingPaths.clocking, { signal }),
  });

const refresh = (queryClient: QueryClient) => invalidateResources(queryClient, [TIME_CLOCK_RESOURCES.settings, ...TIME_CLOCK_INVALIDATES]);

export const clockingRulesMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: ClockingRulesInput) => apiFetch<ClockingSettings>(clockingPaths.clocking, { method: 'PUT', body }),
  onSuccess: () => refresh(queryClient),
});

export const clockSiteMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ locationId, body }: { locationId: string; body: ClockSiteInput }) =>
    apiFetch<ClockingSettings>(clockingPaths.site(locationId), { method: 'PUT', body }),
  onSuccess: () => refresh(queryClient),
});

export const offerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [OVERTIME_OFFER_RESOURCES.settings] as const,
    queryFn: ({ signal }) => apiFetch<OfferSettings>(overtimeOfferPaths.settings, { signal }),
  });

export const offerSettingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: OfferSettings) => apiFetch<OfferSettings>(overtimeOfferPaths.settings, { method: 'PUT', body }),
  onSuccess: () => invalidateResources(queryClient, [OVERTIME_OFFER_RESOURCES.settings]),
});
