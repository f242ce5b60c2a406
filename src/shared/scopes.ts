// Permission scopes, the same on client (to hide) and server (to refuse).

export const SCOPES = ['own', 'department', 'company', 'global'] as const;
export type Scope = (typeof SCOPES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type PermissionEntry = { endpoint: string; method: HttpMethod; type: Scope };
export type PermissionRequirement = { endpoint: string; method: HttpMethod; scope?: Scope };

export function scopeRank(scope: Scope): number {
  return SCOPES.indexOf(scope);
}

/** The levels of a frozen permission list by "METHOD endpoint", worked out once per list. */
const frozenLevels = new WeakMap<readonly PermissionEntry[], Map<string, Scope>>();

/**
 * The widest scope the user holds for an endpoint and method, or null when none. A frozen list
 * (the server's session, fixed for its request) is indexed on first use, so a request asking
 * about each of forty records scans its hundred entries once.
 */
export function levelFor(permissions: readonly PermissionEntry[], endpoint: string, method: HttpMethod): Scope | null {
  if (Object.isFrozen(permissions)) {
    let levels = frozenLevels.get(permissions);
    if (!levels) {
      levels = new Map();
      for (const entry of permissions) {
        const key = `${entry.method} ${entry.endpoint}`;
        const best = levels.get(key);
        if (best === undefined || scopeRank(entry.type) > scopeRank(best)) levels.set(key, entry.type);
      }
      frozenLevels.set(permissions, levels);
    }
    return levels.get(`${method} ${endpoint}`) ?? null;
  }
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
 * Evaluates a scope against one record: global always; company the same company;
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

/**
 * How high a role stands, read from what it may do so that a role a company shapes itself
 * ranks by its powers, not its name: owner (decides access requests company-wide) > HR admin
 * (changes basic records company-wide) > manager (department-wide) > employee (their own) >
 * docs only (no basic record at all). Administrators rank with owners.
 */
export const ROLE_RANK = { docsOnly: 0, employee: 1, manager: 2, hrAdmin: 3, owner: 4 } as const;

export function roleRank(permissions: readonly PermissionEntry[]): number {
  const atLeastCompany = (scope: Scope | null) => scope !== null && scopeRank(scope) >= scopeRank('company');
  if (atLeastCompany(levelFor(permissions, '/api/access-requests', 'PUT'))) return ROLE_RANK.owner;
  const basic = levelFor(permissions, '/api/user-basic', 'PUT');
  if (atLeastCompany(basic)) return ROLE_RANK.hrAdmin;
  if (basic === 'department') return ROLE_RANK.manager;
  return levelFor(permissions, '/api/user-basic', 'GET') === null ? ROLE_RANK.docsOnly : ROLE_RANK.employee;
}

export type RankedActor = ScopeActor & { rank: number };
export type RankedSubject = ScopeSubject & { rank: number };

/**
 * Whether `scope` reaches `subject` for a write or an approval. As scopeCoversUser, except
 * that department scope reaches a person of the actor's departments only when their role
 * ranks no higher than the actor's: a department's manager does not manage the company's
 * owners or HR admins who sit in it. Company, global and own scope are unchanged, and
 * everyone reaches themselves as their scope allows.
 */
export function scopeReachesForWrite(scope: Scope | null, actor: RankedActor, subject: RankedSubject): boolean {
  if (!scopeCoversUser(scope, actor, subject)) return false;
  return scope !== 'department' || subject.userId === actor.userId || subject.rank <= actor.rank;
}
