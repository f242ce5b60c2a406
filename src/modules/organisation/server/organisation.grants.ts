// The organisation lists are managed by owners and HR admins. Reference lists (departments,
// locations, job titles, tags…) are read by every company user without an entry, published
// terms too; company notes, termination reasons and draft terms need the entry (each list
// declares its readers in organisation.routes.ts). The entry is what shows a settings tab.
import { grant, type RoleGrants } from '../../../server/roles';

export const ORGANISATION_ENDPOINTS = [
  '/api/users',
  '/api/user-tags',
  '/api/company-location',
  '/api/departments',
  '/api/user-managed-department',
  '/api/company-position',
  '/api/contract-type',
  '/api/termination-reason',
  '/api/working-pattern-templates',
  '/api/company-pay-rate-type',
  '/api/custom-form-fields',
  '/api/terms-and-conditions',
  '/api/company-notes',
  '/api/user-icalendar-token-reset',
] as const;

const companyWide = () => ORGANISATION_ENDPOINTS.flatMap((endpoint) => grant(endpoint, 'company'));

export const organisationGrants: RoleGrants = { Owner: companyWide(), 'HR admin': companyWide() };
