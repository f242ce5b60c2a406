// The roles every new company starts with (the identity issue refines the entries):
// Owner company-wide, Manager department-wide for people work, Employee their own records,
// Docs only for documents; administrators hold the platform role of no company.
import type { HttpMethod, PermissionEntry, Scope } from '../../../shared/scopes';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** Endpoints of SPEC §6 that roles hold; modules add theirs as they land. */
export const PRODUCT_ENDPOINTS = [
  '/api/user-basic',
  '/api/user-absence',
  '/api/user-expense',
  '/api/user-overtime',
  '/api/approve-overtime',
  '/api/hr-task',
  '/api/hs-task',
  '/api/incident-log',
  '/api/document',
  '/api/notices',
  '/api/article',
  '/api/contact-us',
  '/api/absence-reports',
  '/api/rota',
] as const;

const PEOPLE_WORK = new Set<string>([
  '/api/user-basic',
  '/api/user-absence',
  '/api/user-expense',
  '/api/user-overtime',
  '/api/approve-overtime',
  '/api/hr-task',
  '/api/hs-task',
]);
const MANAGER_ONLY = new Set<string>(['/api/approve-overtime', '/api/absence-reports']);

function entries(scopeFor: (endpoint: string) => Scope | null): PermissionEntry[] {
  return PRODUCT_ENDPOINTS.flatMap((endpoint) => {
    const type = scopeFor(endpoint);
    return type ? METHODS.map((method) => ({ endpoint, method, type })) : [];
  });
}

/**
 * Endpoints beyond SPEC §6's, per role. Settings (issue 4): owners set company settings, and
 * user settings over the company (managers over their departments); everyone reads their
 * company's settings and their own user settings. Alerts are written by administrators only,
 * so no company role holds /api/alerts. Access requests (impersonation): owners read and
 * decide them. Migrations 0007 and 0009 give roles made earlier the same entries.
 */
const grant = (endpoint: string, type: Scope, methods: HttpMethod[] = METHODS): PermissionEntry[] =>
  methods.map((method) => ({ endpoint, method, type }));
const EXTRA_ACCESS = {
  Owner: [
    ...grant('/api/company-settings', 'company'),
    ...grant('/api/user-settings', 'company'),
    ...grant('/api/access-requests', 'company', ['GET', 'PUT']),
  ],
  Manager: [...grant('/api/company-settings', 'own', ['GET']), ...grant('/api/user-settings', 'department', ['GET', 'PUT'])],
  Employee: [...grant('/api/company-settings', 'own', ['GET']), ...grant('/api/user-settings', 'own', ['GET', 'PUT'])],
  'Docs only': grant('/api/user-settings', 'own', ['GET', 'PUT']),
} satisfies Record<string, PermissionEntry[]>;

/**
 * The administrator's reach: the platform, never a company's own data. Administrators write
 * alerts, ask companies for access and sign in under an approved grant, pick companies, read
 * the contact requests sent to Stafflane and write the expert articles every company reads.
 * A company's people, leave, organisation lists and settings are reached only as an
 * impersonated session of that company (an approved, time-limited access request), which
 * carries the impersonated user's own role and is audited. Migration 0016 takes every
 * other entry away from the Administrator roles made earlier.
 */
export const ADMINISTRATOR_PERMISSIONS: PermissionEntry[] = [
  ...grant('/api/alerts', 'global'),
  ...grant('/api/access-requests', 'global', ['GET', 'POST', 'PUT']),
  ...grant('/api/companies', 'global', ['GET']),
  ...grant('/api/contact-us', 'global', ['GET']),
  ...grant('/api/article', 'global'),
];

/**
 * People (issue 6): every employee-record resource and every organisation list has its own
 * endpoint. Owners and HR admins hold them company-wide; managers hold the records of their
 * departments but not the special-category gate (ethnicity, health, bank details, NI number),
 * termination or the organisation lists; employees read their own records and edit their own
 * contact, about-me, next of kin and personal details, and mark their own profile set up. Reference lists (departments,
 * locations, job titles, tags...) are read by every company user without an entry, published
 * terms too; company notes, termination reasons and draft terms need the entry (each list
 * declares its readers in organisation.routes.ts). The entry is what shows a settings tab.
 */
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

export const PEOPLE_ACCESS = {
  Owner: [...PEOPLE_RECORD_ENDPOINTS, ...ORGANISATION_ENDPOINTS].flatMap((endpoint) => grant(endpoint, 'company')),
  'HR admin': [...PEOPLE_RECORD_ENDPOINTS, ...ORGANISATION_ENDPOINTS].flatMap((endpoint) => grant(endpoint, 'company')),
  Manager: [
    ...PEOPLE_RECORD_ENDPOINTS.filter((endpoint) => !MANAGER_WITHOUT.has(endpoint)).flatMap((endpoint) =>
      grant(endpoint, 'department', MANAGER_READ_ONLY.has(endpoint) ? ['GET'] : METHODS),
    ),
    // Their own special-category fields, like every employee; never their reports'.
    ...grant('/api/user-special-category', 'own', ['GET', 'PUT']),
  ],
  Employee: PEOPLE_RECORD_ENDPOINTS.filter((endpoint) => !EMPLOYEE_WITHOUT.has(endpoint)).flatMap((endpoint) =>
    grant(endpoint, 'own', EMPLOYEE_EDITS.has(endpoint) ? METHODS : ['GET']),
  ),
  'Docs only': [],
} satisfies Record<string, PermissionEntry[]>;

/**
 * Leave and absences (issue 7). `/api/user-absence` itself is in PRODUCT_ENDPOINTS (requests:
 * owners and HR admins company-wide, managers their departments, employees their own).
 * Approving needs `/api/approve-absence` at a scope covering the employee (line managers may
 * approve their reports without it). Balances, policies and periods are read in scope and
 * changed by owners and HR admins; the company's leave settings (types, templates, blocked
 * dates, bank-holiday additions, leave-year start) by owners and HR admins. Return-to-work:
 * employees complete their own, managers review their departments'. Medical detail uses
 * `/api/user-special-category` like the other special-category fields.
 */
export const LEAVE_BALANCE_ENDPOINTS = [
  '/api/user-absence-policy',
  '/api/user-absence-period',
  '/api/user-absence-period-value',
  '/api/user-absence-period-value-log',
  '/api/create-new-period',
] as const;
export const LEAVE_SETTINGS_ENDPOINTS = [
  '/api/absence-policy-template',
  '/api/blocked-date-period',
  '/api/leave-type',
  '/api/bank-holidays',
  '/api/company-leave-settings',
] as const;
const leaveCompanyWide = (scope: Scope): PermissionEntry[] => [
  ...[...LEAVE_BALANCE_ENDPOINTS, ...LEAVE_SETTINGS_ENDPOINTS, '/api/approve-absence', '/api/return-to-work'].flatMap((endpoint) =>
    grant(endpoint, scope),
  ),
  ...grant('/api/user-suggested-absence', scope, ['GET']),
  ...grant('/api/bradford-factor', scope, ['GET']),
];
export const LEAVE_ACCESS = {
  Owner: leaveCompanyWide('company'),
  'HR admin': leaveCompanyWide('company'),
  Manager: [
    ...[...LEAVE_BALANCE_ENDPOINTS, '/api/user-suggested-absence', '/api/bradford-factor'].flatMap((endpoint) =>
      grant(endpoint, 'department', ['GET']),
    ),
    ...grant('/api/approve-absence', 'department'),
    ...grant('/api/return-to-work', 'department', ['GET', 'PUT']),
  ],
  Employee: [
    ...[...LEAVE_BALANCE_ENDPOINTS.filter((e) => e !== '/api/create-new-period'), '/api/user-suggested-absence'].flatMap((endpoint) =>
      grant(endpoint, 'own', ['GET']),
    ),
    ...grant('/api/return-to-work', 'own', ['GET', 'PUT']),
  ],
  'Docs only': [],
} satisfies Record<string, PermissionEntry[]>;

export type RoleTemplate = { name: string; docsOnly: boolean; permissions: PermissionEntry[] };

export const DEFAULT_COMPANY_ROLES: RoleTemplate[] = [
  {
    name: 'Owner',
    docsOnly: false,
    permissions: [...entries(() => 'company'), ...EXTRA_ACCESS.Owner, ...PEOPLE_ACCESS.Owner, ...LEAVE_ACCESS.Owner],
  },
  {
    name: 'HR admin',
    docsOnly: false,
    permissions: [
      ...entries((e) => (e === '/api/contact-us' ? 'own' : 'company')),
      ...grant('/api/company-settings', 'own', ['GET']),
      ...grant('/api/user-settings', 'company'),
      ...PEOPLE_ACCESS['HR admin'],
      ...LEAVE_ACCESS['HR admin'],
    ],
  },
  {
    name: 'Manager',
    docsOnly: false,
    permissions: [
      ...entries((e) => (PEOPLE_WORK.has(e) ? 'department' : MANAGER_ONLY.has(e) ? null : 'own')),
      ...EXTRA_ACCESS.Manager,
      ...PEOPLE_ACCESS.Manager,
      ...LEAVE_ACCESS.Manager,
    ],
  },
  {
    name: 'Employee',
    docsOnly: false,
    permissions: [
      ...entries((e) => (MANAGER_ONLY.has(e) ? null : 'own')),
      ...EXTRA_ACCESS.Employee,
      ...PEOPLE_ACCESS.Employee,
      ...LEAVE_ACCESS.Employee,
    ],
  },
  {
    name: 'Docs only',
    docsOnly: true,
    permissions: [{ endpoint: '/api/document', method: 'GET', type: 'own' }, ...EXTRA_ACCESS['Docs only']],
  },
];

export const ADMINISTRATOR_ROLE: RoleTemplate = {
  name: 'Administrator',
  docsOnly: false,
  permissions: ADMINISTRATOR_PERMISSIONS,
};
