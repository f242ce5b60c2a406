// What the incident log gives the shell: the Incident Logs menu entry, for everyone who may
// report or read incidents.
import { IconFirstAidKit } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { holds } from '../../../client/shell/menu/menu-context';
import { INCIDENT_ENDPOINT } from '../incidents.contract';

export const incidentsClientModule: ClientModule = {
  name: 'incidents',
  offlineDetails: ({ queryClient, userId }) =>
    import('./incidents-offline').then((offline) => offline.incidentDetails(queryClient, userId)),
  menu: [
    {
      key: 'incident-logs',
      title: 'Incident Logs',
      icon: IconFirstAidKit,
      kind: 'link',
      target: () => '/incident-logs',
      visible: (context) => holds(context, INCIDENT_ENDPOINT),
    },
  ],
};
