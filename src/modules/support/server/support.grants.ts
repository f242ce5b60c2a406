// Who may send contact-us messages: everyone but docs-only users; owners company-wide.
import { grant, type RoleGrants } from '../../../server/roles';

const ENDPOINT = '/api/contact-us';

export const supportGrants: RoleGrants = {
  Owner: grant(ENDPOINT, 'company'),
  'HR admin': grant(ENDPOINT, 'own'),
  Manager: grant(ENDPOINT, 'own'),
  Employee: grant(ENDPOINT, 'own'),
  // Administrators work the inbox of contact requests sent to Stafflane: read, status and
  // assignment (PUT), notes and replies (POST).
  Administrator: grant(ENDPOINT, 'global', ['GET', 'PUT', 'POST']),
};
