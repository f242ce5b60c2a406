// Requests: owners and HR admins company-wide, managers their departments, employees their
// own. Approving needs /api/approve-absence at a scope covering the employee (line managers
// may approve their reports without it). Balances, policies and periods are read in scope and
// changed by owners and HR admins, as are the company's leave settings. Return to work:
// employees complete their own, managers review their departments'. Medical detail uses
// /api/user-special-category like the other special-category fields.
import { grant, type RoleGrants } from '../../../server/roles';
import type { PermissionEntry, Scope } from '../../../shared/scopes';

const REQUESTS = '/api/user-absence';
const BALANCE_ENDPOINTS = [
  '/api/user-absence-policy',
  '/api/user-absence-period',
  '/api/user-absence-period-value',
  '/api/user-absence-period-value-log',
  '/api/create-new-period',
] as const;
const SETTINGS_ENDPOINTS = [
  '/api/absence-policy-template',
  '/api/blocked-date-period',
  '/api/leave-type',
  '/api/bank-holidays',
  '/api/company-leave-settings',
] as const;

const companyWide = (scope: Scope): PermissionEntry[] => [
  ...grant(REQUESTS, scope),
  ...[...BALANCE_ENDPOINTS, ...SETTINGS_ENDPOINTS, '/api/approve-absence', '/api/return-to-work'].flatMap((endpoint) =>
    grant(endpoint, scope),
  ),
  ...grant('/api/user-suggested-absence', scope, ['GET']),
  ...grant('/api/bradford-factor', scope, ['GET']),
];

export const leaveGrants: RoleGrants = {
  Owner: companyWide('company'),
  'HR admin': companyWide('company'),
  Manager: [
    ...grant(REQUESTS, 'department'),
    ...[...BALANCE_ENDPOINTS, '/api/user-suggested-absence', '/api/bradford-factor'].flatMap((endpoint) =>
      grant(endpoint, 'department', ['GET']),
    ),
    ...grant('/api/approve-absence', 'department'),
    ...grant('/api/return-to-work', 'department', ['GET', 'PUT']),
  ],
  Employee: [
    ...grant(REQUESTS, 'own'),
    ...[...BALANCE_ENDPOINTS.filter((endpoint) => endpoint !== '/api/create-new-period'), '/api/user-suggested-absence'].flatMap(
      (endpoint) => grant(endpoint, 'own', ['GET']),
    ),
    ...grant('/api/return-to-work', 'own', ['GET', 'PUT']),
  ],
};
