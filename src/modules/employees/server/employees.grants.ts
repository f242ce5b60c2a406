// Every employee-record resource has its own endpoint. Owners and HR admins hold them
// company-wide; managers hold the records of their departments but not the special-category
// gate (ethnicity, health, bank details, NI number) or termination; employees read their own
// records and edit their own contact, about-me, next of kin and personal details, and mark
// their own profile set up.
import { ALL_METHODS, grant, type RoleGrants } from '../../../server/roles';

export const PEOPLE_RECORD_ENDPOINTS = [
  '/api/user-personal-details',
  '/api/user-special-category',
  '/api/user-contact-details',
  '/api/user-about-me',
  '/api/user-next-of-kin',
  '/api/user-job-title',
  '/api/user-employment-details',
  '/api/user-contract',
  '/api/user-work-permit',
  '/api/user-pay-rate',
  '/api/user-working-pattern',
  '/api/user-notes',
  '/api/user-user-tags',
  '/api/user-custom-fields',
  '/api/user-bank-holidays',
  '/api/user-setup-complete',
  '/api/user-export',
  '/api/user-terminate',
  '/api/user-cancel-termination',
] as const;
const MANAGER_WITHOUT = new Set<string>(['/api/user-special-category', '/api/user-terminate', '/api/user-cancel-termination']);
const MANAGER_READ_ONLY = new Set<string>(['/api/user-pay-rate', '/api/user-setup-complete']);
const EMPLOYEE_EDITS = new Set<string>([
  '/api/user-personal-details',
  '/api/user-special-category',
  '/api/user-contact-details',
  '/api/user-about-me',
  '/api/user-next-of-kin',
  '/api/user-setup-complete',
]);
const EMPLOYEE_WITHOUT = new Set<string>(['/api/user-notes', '/api/user-export', '/api/user-terminate', '/api/user-cancel-termination']);

const BASIC = '/api/user-basic';
/** Importing people from a spreadsheet: owners and HR admins only (migration 0038 gives older roles the same). */
const PEOPLE_IMPORT = '/api/people-import';
const records = () => PEOPLE_RECORD_ENDPOINTS.flatMap((endpoint) => grant(endpoint, 'company'));

export const employeesGrants: RoleGrants = {
  Owner: [...grant(BASIC, 'company'), ...records(), ...grant(PEOPLE_IMPORT, 'company', ['GET', 'POST'])],
  'HR admin': [...grant(BASIC, 'company'), ...records(), ...grant(PEOPLE_IMPORT, 'company', ['GET', 'POST'])],
  Manager: [
    ...grant(BASIC, 'department'),
    ...PEOPLE_RECORD_ENDPOINTS.filter((endpoint) => !MANAGER_WITHOUT.has(endpoint)).flatMap((endpoint) =>
      grant(endpoint, 'department', MANAGER_READ_ONLY.has(endpoint) ? ['GET'] : ALL_METHODS),
    ),
    // Their own special-category fields, like every employee; never their reports'.
    ...grant('/api/user-special-category', 'own', ['GET', 'PUT']),
  ],
  Employee: [
    ...grant(BASIC, 'own'),
    ...PEOPLE_RECORD_ENDPOINTS.filter((endpoint) => !EMPLOYEE_WITHOUT.has(endpoint)).flatMap((endpoint) =>
      grant(endpoint, 'own', EMPLOYEE_EDITS.has(endpoint) ? ALL_METHODS : ['GET']),
    ),
  ],
};
