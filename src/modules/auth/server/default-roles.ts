// The roles every new company starts with (the identity issue refines the entries):
// Owner company-wide, Manager department-wide for people work, Employee their own records,
// Docs only for documents; administrators hold the global role of no company.
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
 * decide them; administrators ask, sign in, and pick companies. Migrations 0007 and 0009 give
 * roles made earlier the same entries.
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
  Administrator: [
    ...grant('/api/alerts', 'global'),
    ...grant('/api/company-settings', 'global'),
    ...grant('/api/user-settings', 'global'),
    ...grant('/api/access-requests', 'global', ['GET', 'POST', 'PUT']),
    ...grant('/api/companies', 'global', ['GET']),
  ],
} satisfies Record<string, PermissionEntry[]>;

export type RoleTemplate = { name: string; docsOnly: boolean; permissions: PermissionEntry[] };

export const DEFAULT_COMPANY_ROLES: RoleTemplate[] = [
  {
    name: 'Owner',
    docsOnly: false,
    permissions: [...entries(() => 'company'), ...EXTRA_ACCESS.Owner],
  },
  {
    name: 'Manager',
    docsOnly: false,
    permissions: [...entries((e) => (PEOPLE_WORK.has(e) ? 'department' : MANAGER_ONLY.has(e) ? null : 'own')), ...EXTRA_ACCESS.Manager],
  },
  { name: 'Employee', docsOnly: false, permissions: [...entries((e) => (MANAGER_ONLY.has(e) ? null : 'own')), ...EXTRA_ACCESS.Employee] },
  {
    name: 'Docs only',
    docsOnly: true,
    permissions: [{ endpoint: '/api/document', method: 'GET', type: 'own' }, ...EXTRA_ACCESS['Docs only']],
  },
];

export const ADMINISTRATOR_ROLE: RoleTemplate = {
  name: 'Administrator',
  docsOnly: false,
  permissions: [...entries(() => 'global'), ...EXTRA_ACCESS.Administrator],
};
