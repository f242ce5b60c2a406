// The alerts calls: banners and dashboard alerts for company users, the public
// dashboard alerts of the login screen, and the administrators' list and writes. Create and
// update are queueable: offline the outbox keeps them and answers a QueuedResponse,
// and the admin table shows queued creates from the outbox until they land; a refused one
// opens the alerts page's form again from the outbox, to correct.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import {
  alertPaths,
  CreateAlertInputSchema,
  type AdminAlert,
  type AdminAlertList,
  type AlertKind,
  type AlertList,
  type CreateAlertInput,
  type UpdateAlertInput,
} from '../alerts.contract';

export const ALERTS_RESOURCE = 'alerts';
/** The page whose dialog makes and changes alerts: the outbox opens it to correct a refused one. */
export const ALERTS_FORM = '/admin/alerts';

export const alertKeys = {
  all: [ALERTS_RESOURCE] as const,
  banners: () => [...alertKeys.all, 'banners'] as const,
  dashboard: () => [...alertKeys.all, 'dashboard'] as const,
  publicDashboard: () => [...alertKeys.all, 'public-dashboard'] as const,
  admin: (input: { page: number; kind?: AlertKind[] }) => [...alertKeys.all, 'admin', input] as const,
};

/** Published banners for the caller's company or for every company (the red banners). */
export const bannerAlertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.banners(),
    queryFn: ({ signal }) => apiFetch<AlertList>(alertPaths.alerts, { signal, query: { limit: 100 } }),
    staleTime: 5 * 60 * 1000,
    // A banner that cannot be read is not worth an error toast over the page.
    meta: { errorToast: false },
  });

/** Published dashboard alerts for the caller's company or for every company. */
export const dashboardAlertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.dashboard(),
    queryFn: ({ signal }) => apiFetch<AlertList>(alertPaths.dashboardAlerts, { signal, query: { limit: 100 } }),
    staleTime: 5 * 60 * 1000,
  });

/** Dashboard alerts for every company, without a session (the login screen). */
export const publicDashboardAlertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.publicDashboard(),
    queryFn: ({ signal }) =>
      apiFetch<AlertList>(alertPaths.publicDashboardAlerts, { signal, freshToken: false, handleUnauthorised: false }),
    staleTime: 5 * 60 * 1000,
    // The login screen works without them.
    meta: { errorToast: false },
  });

export const ADMIN_ALERTS_PAGE_SIZE = 20;

/** Administrators: every alert of both kinds, newest change first. */
export const adminAlertsQueryOptions = (input: { page: number; kind?: AlertKind[] }) =>
  queryOptions({
    queryKey: alertKeys.admin(input),
    queryFn: ({ signal }) =>
      apiFetch<AdminAlertList>(alertPaths.alerts, {
        signal,
        query: { page: input.page, limit: ADMIN_ALERTS_PAGE_SIZE, ...(input.kind ? { kind: input.kind } : {}) },
      }),
  });

const invalidateAlerts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: alertKeys.all });

export const createAlertMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: CreateAlertInput) =>
    apiFetch<AdminAlert>(alertPaths.alerts, {
      method: 'POST',
      body: input,
      queue: { resource: ALERTS_RESOURCE, label: `New alert: ${input.short_message}`, schema: CreateAlertInputSchema, form: ALERTS_FORM },
    }),
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  onSuccess: () => invalidateAlerts(queryClient),
});

export const updateAlertMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string; input: UpdateAlertInput }) =>
    apiFetch<AdminAlert>(alertPaths.alert(id), {
      method: 'PUT',
      body: input,
      queue: {
        resource: ALERTS_RESOURCE,
        label: `Alert changed: ${input.short_message}`,
        schema: CreateAlertInputSchema,
        form: ALERTS_FORM,
      },
    }),
  networkMode: 'always' as const,
  onSuccess: () => invalidateAlerts(queryClient),
});

/** Publishes now, by the server's clock. */
export const publishAlertMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<AdminAlert>(alertPaths.publish(id), { method: 'POST' }),
  onSuccess: () => invalidateAlerts(queryClient),
});

export const deleteAlertMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(alertPaths.alert(id), { method: 'DELETE' }),
  onSuccess: () => invalidateAlerts(queryClient),
});
