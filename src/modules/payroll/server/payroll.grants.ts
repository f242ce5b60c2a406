// Payroll data (periods, exports, sending) and its settings: owners and HR admins, company-wide.
// The data carries NI numbers, which only they read.
import { grant, type RoleGrants } from '../../../server/roles';

const ENDPOINTS = ['/api/payroll-period', '/api/payroll-settings'];

export const payrollGrants: RoleGrants = {
  Owner: ENDPOINTS.flatMap((endpoint) => grant(endpoint, 'company')),
  'HR admin': ENDPOINTS.flatMap((endpoint) => grant(endpoint, 'company')),
};
