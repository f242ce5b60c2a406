// Who may send contact-us messages: everyone but docs-only users; owners company-wide.
import { grant, type RoleGrants } from '../../../server/roles';

const ENDPOINT = '/api/contact-us';

export const supportGrants: RoleGrants = {
  Owner: grant(ENDPOINT, 'company'),
  'HR admin': grant(ENDPOINT, 'own'),
  Manager: grant(ENDPOINT, 'own'),
  Employee: grant(ENDPOINT, 'own'),
  // Administrators read the contact requests sent to Stafflane.
  Administrator: grant(ENDPOINT, 'global', ['GET']),
};
