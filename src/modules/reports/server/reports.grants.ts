// Reports: owners and HR admins company-wide (and they manage the monthly e-mails); managers
// read the reports of their own departments (migration 0028 gave older Manager roles this).
import { grant, type RoleGrants } from '../../../server/roles';
import { REPORTS_ENDPOINT } from '../../../shared/reports.contract';

export const reportsGrants: RoleGrants = {
  Owner: grant(REPORTS_ENDPOINT, 'company'),
  'HR admin': grant(REPORTS_ENDPOINT, 'company'),
  Manager: grant(REPORTS_ENDPOINT, 'department', ['GET']),
};
