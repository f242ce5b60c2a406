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

export type RoleTemplate = { name: string; docsOnly: boolean; permissions: PermissionEntry[] };

export const DEFAULT_COMPANY_ROLES: RoleTemplate[] = [
  { name: 'Owner', docsOnly: false, permissions: entries(() => 'company') },
  {
    name: 'Manager',
    docsOnly: false,
    permissions: entries((e) => (PEOPLE_WORK.has(e) ? 'department' : MANAGER_ONLY.has(e) ? null : 'own')),
  },
  { name: 'Employee', docsOnly: false, permissions: entries((e) => (MANAGER_ONLY.has(e) ? null : 'own')) },
  { name: 'Docs only', docsOnly: true, permissions: [{ endpoint: '/api/document', method: 'GET', type: 'own' }] },
];

export const ADMINISTRATOR_ROLE: RoleTemplate = { name: 'Administrator', docsOnly: false, permissions: entries(() => 'global') };
