// Who may see and change whose employee records. Every record resource
// has its own endpoint; the caller's level for it is evaluated against the person the record
// belongs to. Special-category and financial fields (ethnicity, health, bank details, NI
// number) sit behind one more endpoint, /api/user-special-category, that managers do not
// hold: only the person, HR admins and owners read them.
import {
  levelFor,
  roleRank,
  scopeCoversUser,
  scopeReachesForWrite,
  type HttpMethod,
  type PermissionEntry,
  type RankedSubject,
  type ScopeActor,
} from '../../shared/scopes';

export const SPECIAL_CATEGORY_ENDPOINT = '/api/user-special-category';

/**
 * Whether the caller's level for `endpoint` and `method` reaches the person's records. Reads
 * follow the scope alone; a write at department scope reaches only people whose role ranks
 * no higher than the caller's (never the company's owners or HR admins).
 */
export function mayActOnPerson(input: {
  permissions: readonly PermissionEntry[];
  actor: ScopeActor;
  subject: RankedSubject;
  endpoint: string;
  method: HttpMethod;
}): boolean {
  const level = levelFor(input.permissions, input.endpoint, input.method);
  if (input.method === 'GET') return scopeCoversUser(level, input.actor, input.subject);
  return scopeReachesForWrite(level, { ...input.actor, rank: roleRank(input.permissions) }, input.subject);
}

export const SIGN_IN_EMAIL_ENDPOINT = '/api/user-basic';

/**
 * Who may change a person's sign-in e-mail: company scope (or wider) on PUT /api/user-basic,
 * over someone whose role ranks no higher than the caller's. Department scope never may: the
 * address is how the account is reached, and a manager must not be able to take it over.
 */
export function mayChangeSignInEmail(input: {
  permissions: readonly PermissionEntry[];
  actor: ScopeActor;
  subject: RankedSubject;
}): boolean {
  const level = levelFor(input.permissions, SIGN_IN_EMAIL_ENDPOINT, 'PUT');
  if (level !== 'company' && level !== 'global') return false;
  return scopeCoversUser(level, input.actor, input.subject) && input.subject.rank <= roleRank(input.permissions);
}

/** Whether the caller may read (GET) or change (PUT) the person's special-category fields. */
export function maySeeSpecialCategory(input: {
  permissions: readonly PermissionEntry[];
  actor: ScopeActor;
  subject: RankedSubject;
  method?: 'GET' | 'PUT';
}): boolean {
  return mayActOnPerson({ ...input, endpoint: SPECIAL_CATEGORY_ENDPOINT, method: input.method ?? 'GET' });
}
