// A signed-in person changing their own sign-in settings (password, two-factor, authenticator
// app, passkeys): the caller, their scope, the audit entry about themselves, and the refusal
// of an impersonated session — an administrator acting as someone must not lock them out.
import type { AuditSource } from '../../../server/audit/audit.queries';
import type { Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { notWhileImpersonatingMessage } from '../auth.contract';
import { findCredentials, type Credentials } from './account-settings.queries';
import { inTokenScope } from './authenticator';
import type { IdentityDeps } from './identity-deps';

export type Caller = { deps: IdentityDeps; session: Session; source: AuditSource };

export function inSessionScope<T>(caller: Caller, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return inTokenScope(caller.deps, { company_id: caller.session.companyId }, fn);
}

/** Checked before the body is read too, so an impersonated session learns nothing from validation. */
export function refuseWhileImpersonating(session: Session): void {
  if (session.impersonatorId) throw AppError.forbidden(notWhileImpersonatingMessage);
}

export function auditAs(caller: Caller, action: string, details: Record<string, unknown> | null = null) {
  const { session, source } = caller;
  return {
    ...source,
    actorId: session.userId,
    impersonatorId: session.impersonatorId,
    companyId: session.companyId,
    action,
    targetType: 'user',
    targetId: session.userId,
    details,
  };
}

export async function credentialsOf(caller: Caller): Promise<Credentials> {
  const credentials = await inSessionScope(caller, (trx) => findCredentials(trx, caller.session.userId));
  if (!credentials) throw new AppError('unauthenticated');
  return credentials;
}
