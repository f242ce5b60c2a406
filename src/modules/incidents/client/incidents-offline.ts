// The person's own incident records (reported by them or about them) on the incident log's first
// page, fetched ahead for offline use (ClientModule.offlineDetails); anyone else's record is
// never kept on the device, so it is not fetched either.
import type { QueryClient } from '@tanstack/react-query';
import { ownedBy } from '../../../client/offline/kept-off';
import type { OfflineDetails } from '../../../client/shell/client-module';
import { INCIDENT_OWNERS, incidentListQueryOptions } from './incidents.api';

export function incidentDetails(queryClient: QueryClient, userId: string): OfflineDetails[] {
  const firstPage = queryClient.getQueryData(incidentListQueryOptions({ filters: {}, page: 1 }).queryKey);
  const hrefs = (firstPage?.results ?? [])
    .filter((incident) => ownedBy(incident, INCIDENT_OWNERS, userId))
    .map((incident) => `/incident-log/${incident.id}`);
  return hrefs.length > 0 ? [{ title: 'Incident Logs', hrefs }] : [];
}
