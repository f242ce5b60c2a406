// What each role may do with the identity module's endpoints, and with the endpoints of
// modules still to come: roles made now hold those already, so that a company made today has
// them when the module lands (a module's migration gives older roles its entries).
import { grant, type RoleGrants } from '../../../server/roles';
import type { PermissionEntry, Scope } from '../../../shared/scopes';

const COMING_ENDPOINTS = [
  '/api/user-expense',
  '/api/user-overtime',
  '/api/approve-overtime',
  '/api/hr-task',
  '/api/hs-task',
  '/api/incident-log',
  '/api/document',
  '/api/notices',
  '/api/article',
] as const;
/** Managers work on their departments' people in these; the others are their own. */
const DEPARTMENT_WORK = new Set<string>([
  '/api/user-expense',
  '/api/user-overtime',
  '/api/approve-overtime',
  '/api/hr-task',
  '/api/hs-task',
]);
const MANAGERS_AND_UP = new Set<string>(['/api/approve-overtime']);

const coming = (scopeFor: (endpoint: string) => Scope | null): PermissionEntry[] =>
  COMING_ENDPOINTS.flatMap((endpoint) => {
    const scope = scopeFor(endpoint);
    return scope ? grant(endpoint, scope) : [];
  });

export const authGrants: RoleGrants = {
  Owner: [...coming(() => 'company'), ...grant('/api/access-requests', 'company', ['GET', 'PUT'])],
  'HR admin': coming(() => 'company'),
  Manager: coming((endpoint) => (DEPARTMENT_WORK.has(endpoint) ? 'department' : 'own')),
  Employee: coming((endpoint) => (MANAGERS_AND_UP.has(endpoint) ? null : 'own')),
  'Docs only': grant('/api/document', 'own', ['GET']),
  // The administrator's reach is the platform, never a company's own data: they ask companies
  // for access and sign in under an approved grant, pick companies, and write the expert
  // articles every company reads. A company's data is reached only as an impersonated session.
  Administrator: [
    ...grant('/api/access-requests', 'global', ['GET', 'POST', 'PUT']),
    ...grant('/api/companies', 'global', ['GET']),
    ...grant('/api/article', 'global'),
  ],
};
