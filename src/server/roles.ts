// The roles every company starts with, collected from the registered modules' grants: each
// module says what each role may do with its own endpoints. Administrators hold the global
// role of no company.
import type { HttpMethod, PermissionEntry, Scope } from '../shared/scopes';

export const COMPANY_ROLE_NAMES = ['Owner', 'HR admin', 'Manager', 'Employee', 'Docs only'] as const;
export const ADMINISTRATOR_ROLE_NAME = 'Administrator';
export type RoleName = (typeof COMPANY_ROLE_NAMES)[number] | typeof ADMINISTRATOR_ROLE_NAME;

/** What a module grants each role; a role it does not name gets nothing from it. */
export type RoleGrants = Partial<Record<RoleName, readonly PermissionEntry[]>>;

export type RoleTemplate = { name: string; docsOnly: boolean; permissions: PermissionEntry[] };

export const ALL_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** `endpoint` at `scope` for each of `methods` (all four by default). */
export const grant = (endpoint: string, scope: Scope, methods: readonly HttpMethod[] = ALL_METHODS): PermissionEntry[] =>
  methods.map((method) => ({ endpoint, method, type: scope }));

function permissionsOf(role: RoleName, modules: readonly { grants?: RoleGrants }[]): PermissionEntry[] {
  const seen = new Set<string>();
  return modules
    .flatMap((module) => module.grants?.[role] ?? [])
    .filter((entry) => {
      const key = `${entry.endpoint} ${entry.method} ${entry.type}`;
      return !seen.has(key) && Boolean(seen.add(key));
    });
}

/** The company roles and the administrators' role, from the modules' grants. */
export function roleTemplates(modules: readonly { grants?: RoleGrants }[]): { company: RoleTemplate[]; administrator: RoleTemplate } {
  return {
    company: COMPANY_ROLE_NAMES.map((name) => ({ name, docsOnly: name === 'Docs only', permissions: permissionsOf(name, modules) })),
    administrator: { name: ADMINISTRATOR_ROLE_NAME, docsOnly: false, permissions: permissionsOf(ADMINISTRATOR_ROLE_NAME, modules) },
  };
}
