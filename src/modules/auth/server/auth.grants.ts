// What each role may do with the identity module's endpoints, and with the endpoints of
// modules still to come: roles made now hold those already, so that a company made today has
// them when the module lands (a module's migration gives older roles its entries).
import { grant, type RoleGrants } from '../../../server/roles';
import type { PermissionEntry, Scope } from '../../../shared/scopes';

const COMING_ENDPOINTS = ['/api/absence-reports', '/api/rota'] as const;
/** Only managers and up read reports; the rota is a manager's and employee's own. */
const MANAGERS_AND_UP = new Set<string>(['/api/absence-reports']);

const coming = (scopeFor: (endpoint: string) => Scope | null): PermissionEntry[] =>
  COMING_ENDPOINTS.flatMap((endpoint) => {
    const scope = scopeFor(endpoint);
    return scope ? grant(endpoint, scope) : [];
  });

export const authGrants: RoleGrants = {
  Owner: [...coming(() => 'company'), ...grant('/api/access-requests', 'company', ['GET', 'PUT'])],
  'HR admin': coming(() => 'company'),
  Manager: coming((endpoint) => (endpoint === '/api/absence-reports' ? null : 'own')),
  Employee: coming((endpoint) => (MANAGERS_AND_UP.has(endpoint) ? null : 'own')),
  // The administrator's reach is the platform, never a company's own data: they ask companies
  // for access and sign in under an approved grant, pick companies (the expert articles they
  // write are the articles module's grant). A company's data is reached only as an impersonated session.
  Administrator: [...grant('/api/access-requests', 'global', ['GET', 'POST', 'PUT']), ...grant('/api/companies', 'global', ['GET'])],
};
