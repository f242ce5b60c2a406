// Company settings: owners change them; everyone reads their company's switches. User
// settings: owners and HR admins over the company, managers over their departments, everyone
// their own.
import { grant, type RoleGrants } from '../../../server/roles';

export const settingsGrants: RoleGrants = {
  Owner: [...grant('/api/company-settings', 'company'), ...grant('/api/user-settings', 'company')],
  'HR admin': [...grant('/api/company-settings', 'own', ['GET']), ...grant('/api/user-settings', 'company')],
  Manager: [...grant('/api/company-settings', 'own', ['GET']), ...grant('/api/user-settings', 'department', ['GET', 'PUT'])],
  Employee: [...grant('/api/company-settings', 'own', ['GET']), ...grant('/api/user-settings', 'own', ['GET', 'PUT'])],
  'Docs only': grant('/api/user-settings', 'own', ['GET', 'PUT']),
};
