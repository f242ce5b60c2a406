// Who may read and change whose settings: the caller's level for the endpoint is
// evaluated against the user the settings belong to. A user always reads their own settings
// and may change their own e-mail preference, but never their own overtime allowances.
import {
  scopeAllows,
  scopeCoversUser,
  scopeReachesForWrite,
  type RankedActor,
  type RankedSubject,
  type Scope,
  type ScopeActor,
} from '../../shared/scopes';

export { scopeCoversUser, scopeReachesForWrite };
import type { UpdateUserSettingsInput } from '../../shared/settings.contract';

/** The user whose settings (or picture) are at stake. */
export type SettingsSubject = RankedSubject;

export function mayReadUserSettings(input: { actor: ScopeActor; level: Scope | null; subject: SettingsSubject }): boolean {
  return input.actor.userId === input.subject.userId || scopeCoversUser(input.level, input.actor, input.subject);
}

export type UserSettingsDecision = 'allowed' | 'forbidden' | 'own_overtime';

/** Department scope changes the settings of people ranking no higher than the caller (scopeReachesForWrite). */
export function decideUserSettingsChange(input: {
  actor: RankedActor;
  level: Scope | null;
  subject: SettingsSubject;
  change: UpdateUserSettingsInput;
}): UserSettingsDecision {
  const self = input.actor.userId === input.subject.userId;
  const changesOvertime = input.change.allow_payable_overtime !== undefined || input.change.allow_toil_overtime !== undefined;
  if (self && changesOvertime) return 'own_overtime';
  if (self) return 'allowed';
  return scopeReachesForWrite(input.level, input.actor, input.subject) ? 'allowed' : 'forbidden';
}

/** Company settings: a user of the company reads them; company scope (or global) changes them. */
export function mayChangeCompanySettings(input: { actor: ScopeActor; level: Scope | null; companyId: string }): boolean {
  if (input.level === 'global') return true;
  return input.level === 'company' && scopeAllows('company', input.actor, { companyId: input.companyId });
}
