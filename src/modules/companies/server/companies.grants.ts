// Administrators run companies and decide orders (global scope: no company role holds these);
// a company's owner orders for their own company; owners and HR admins see the first-run
// checklist and set a person's own access.
import { grant, type RoleGrants } from '../../../server/roles';

export const companiesGrants: RoleGrants = {
  Administrator: [
    ...grant('/api/companies', 'global', ['GET', 'POST', 'PUT']),
    ...grant('/api/company-orders', 'global', ['GET', 'PUT']),
    ...grant('/api/administrators', 'global', ['GET', 'POST', 'DELETE']),
    ...grant('/api/platform-audit', 'global', ['GET']),
  ],
  Owner: [
    ...grant('/api/orders', 'company', ['GET', 'POST']),
    ...grant('/api/company-setup', 'company', ['GET']),
    ...grant('/api/user-access', 'company', ['PUT']),
  ],
  'HR admin': [...grant('/api/company-setup', 'company', ['GET']), ...grant('/api/user-access', 'company', ['PUT'])],
};
