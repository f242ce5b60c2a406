// Who may see and change whose employee records (SPEC §6, issue 6). Every record resource
// has its own endpoint; the caller's level for it is evaluated against the person the record
// belongs to. Special-category and financial fields (ethnicity, health, bank details, NI
// number) sit behind one more endpoint, /api/user-special-category, that managers do not
// hold: only the person, HR admins and owners read them.
import { levelFor, scopeCoversUser, type HttpMethod, type PermissionEntry, type ScopeActor, type ScopeSubject } from '../../shared/scopes';

export const SPECIAL_CATEGORY_ENDPOINT = '/api/user-special-category';

/** Whether the caller's level for `endpoint` and `method` reaches the person's records. */
export function mayActOnPerson(input: {
  permissions: readonly PermissionEntry[];
  actor: ScopeActor;
  subject: ScopeSubject;
  endpoint: string;
  method: HttpMethod;
}): boolean {
  return scopeCoversUser(levelFor(input.permissions, input.endpoint, input.method), input.actor, input.subject);
}

/** Whether the caller may read (GET) or change (PUT) the person's special-category fields. */
export function maySeeSpecialCategory(input: {
  permissions: readonly PermissionEntry[];
  actor: ScopeActor;
  subject: ScopeSubject;
  method?: 'GET' | 'PUT';
}): boolean {
  return mayActOnPerson({ ...input, endpoint: SPECIAL_CATEGORY_ENDPOINT, method: input.method ?? 'GET' });
}
