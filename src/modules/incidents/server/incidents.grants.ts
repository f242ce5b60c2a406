// The incident log holds health data: owners and HR admins read and edit every record; managers
// and employees report incidents and see those they reported or were involved in (the entries
// every role held while this was a coming endpoint).
import { grant, type RoleGrants } from '../../../server/roles';
import { INCIDENT_ENDPOINT } from '../incidents.contract';

export const incidentsGrants: RoleGrants = {
  Owner: grant(INCIDENT_ENDPOINT, 'company'),
  'HR admin': grant(INCIDENT_ENDPOINT, 'company'),
  Manager: grant(INCIDENT_ENDPOINT, 'own'),
  Employee: grant(INCIDENT_ENDPOINT, 'own'),
};
