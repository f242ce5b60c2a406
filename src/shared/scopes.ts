// Permission scopes of SPEC §6, the same on client (to hide) and server (to refuse).

export const SCOPES = ['own', 'department', 'company', 'global'] as const;
export type Scope = (typeof SCOPES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type PermissionEntry = { endpoint: string; method: HttpMethod; type: Scope };
export type PermissionRequirement = { endpoint: string; method: HttpMethod; scope?: Scope };

export function scopeRank(scope: Scope): number {
  return SCOPES.indexOf(scope);
}

/** The widest scope the user holds for an endpoint and method, or null when none. */
export function levelFor(permissions: readonly PermissionEntry[], endpoint: string, method: HttpMethod): Scope | null {
  let best: Scope | null = null;
  for (const entry of permissions) {
    if (entry.endpoint !== endpoint || entry.method !== method) continue;
    if (best === null || scopeRank(entry.type) > scopeRank(best)) best = entry.type;
  }
  return best;
}

/** Passes when the user's level for the endpoint and method is at least `scope`. */
export function hasPermission(permissions: readonly PermissionEntry[], requirement: PermissionRequirement): boolean {
  const level = levelFor(permissions, requirement.endpoint, requirement.method);
  return level !== null && scopeRank(level) >= scopeRank(requirement.scope ?? 'own');
}

/** Helpers for endpoints held with exactly one scope. */
export function hasExactScope(permissions: readonly PermissionEntry[], endpoint: string, method: HttpMethod, scope: Scope): boolean {
  return levelFor(permissions, endpoint, method) === scope;
}

/** Company-wide or department-wide edit capability: the PUT level is company or department. */
export function canEditWide(permissions: readonly PermissionEntry[], endpoint: string): boolean {
  const level = levelFor(permissions, endpoint, 'PUT');
  return level === 'company' || level === 'department';
}

export type ScopeActor = { userId: string; companyId: string | null; departmentIds: readonly string[] };
export type ScopeRecord = { userId?: string | null; companyId?: string | null; departmentId?: string | null };

export class ScopeEvaluationError extends Error {}

/**
 * Evaluates a scope against one record (SPEC §6): global always; company the same company;
 * department the same company and one of the actor's departments; own the same company and
 * the same user. A department check without a company, or a user without a department, is an error.
 */
export function scopeAllows(scope: Scope, actor: ScopeActor, record: ScopeRecord): boolean {
  switch (scope) {
    case 'global':
      return true;
    case 'company':
      return record.companyId != null && record.companyId === actor.companyId;
    case 'department':
      if (record.companyId == null) throw new ScopeEvaluationError('Department scope needs a record with a company.');
      if (actor.departmentIds.length === 0) throw new ScopeEvaluationError('Department scope needs a user with a department.');
      return record.companyId === actor.companyId && record.departmentId != null && actor.departmentIds.includes(record.departmentId);
    case 'own':
      return record.companyId != null && record.companyId === actor.companyId && record.userId != null && record.userId === actor.userId;
  }
}

/** The user a record belongs to: their company and every department they belong to. */
export type ScopeSubject = { userId: string; companyId: string; departmentIds: readonly string[] };

/**
 * Whether `scope` reaches the records of `subject`: department scope through any of the
 * subject's departments; a manager with no department manages nobody's.
 */
export function scopeCoversUser(scope: Scope | null, actor: ScopeActor, subject: ScopeSubject): boolean {
  if (scope === null) return false;
  try {
    if (scope === 'department') {
      return subject.departmentIds.some((departmentId) =>
        scopeAllows('department', actor, { companyId: subject.companyId, departmentId, userId: subject.userId }),
      );
    }
    return scopeAllows(scope, actor, { companyId: subject.companyId, userId: subject.userId });
  } catch (error) {
    if (error instanceof ScopeEvaluationError) return false;
    throw error;
  }
}
