// Reporting overtime (/api/user-overtime): owners and HR admins company-wide, managers their
// departments, employees their own. Approving (/api/approve-overtime): owners and HR admins
// company-wide, managers their departments (line managers approve their reports anyway);
// nobody approves their own. The overtime settings (rates, TOIL expiry): owners and HR admins.
import { grant, type RoleGrants } from '../../../server/roles';

const REPORT = '/api/user-overtime';
const APPROVE = '/api/approve-overtime';
const SETTINGS = '/api/overtime-settings';

export const overtimeGrants: RoleGrants = {
  Owner: [...grant(REPORT, 'company'), ...grant(APPROVE, 'company'), ...grant(SETTINGS, 'company')],
  'HR admin': [...grant(REPORT, 'company'), ...grant(APPROVE, 'company'), ...grant(SETTINGS, 'company')],
  Manager: [...grant(REPORT, 'department'), ...grant(APPROVE, 'department')],
  Employee: grant(REPORT, 'own'),
};
