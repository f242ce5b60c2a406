// Which company a directory request is about: the caller's own, or for an administrator
// (no company, global scope) the one named by `?company_id=`, which they must give.
import * as v from 'valibot';
import type { Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { Scope } from '../../../shared/scopes';

/** `?company_id=` an administrator adds to a directory request. */
export const CompanyIdQuerySchema = v.object({ company_id: v.optional(v.pipe(v.string(), v.uuid('Unknown item.'))) });

export function companyOfRequest(session: Session, scope: Scope | null, query: unknown): string {
  if (session.companyId) return session.companyId;
  if (scope !== 'global') throw AppError.forbidden();
  const parsed = v.safeParse(CompanyIdQuerySchema, query ?? {});
  const companyId = parsed.success ? parsed.output.company_id : undefined;
  if (!companyId) throw AppError.validation({ company_id: [parsed.success ? 'Field is required.' : 'Unknown item.'] });
  return companyId;
}
