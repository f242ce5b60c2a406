// The company an organisation request works in: the caller's own; for an administrator
// (global scope, no company) the company named by the request or the one the record belongs
// to. Everything then runs in that company's tenant transaction.
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withSystem, withTenant, type Trx } from '../../../server/db/database';
import type { ResourceContext } from '../../../server/http/resource';
import { AppError } from '../../../shared/app-error';
import { levelFor, type HttpMethod } from '../../../shared/scopes';
import { companyExists, companyOfItem } from './organisation.queries';

export type CompanyTarget = {
  endpoint: string;
  method: HttpMethod;
  companyId?: string | undefined;
  record?: { table: string; id: string };
};

export async function companyFor(context: Pick<ResourceContext, 'session' | 'db'>, target: CompanyTarget): Promise<string> {
  const { session, db } = context;
  if (session.companyId) return session.companyId;
  if (levelFor(session.permissions, target.endpoint, target.method) !== 'global') throw AppError.forbidden();
  if (target.companyId) {
    const companyId = target.companyId;
    if (!(await withSystem(db, (trx) => companyExists(trx, companyId)))) throw AppError.notFound();
    return companyId;
  }
  if (target.record) {
    const record = target.record;
    const companyId = await withSystem(db, (trx) => companyOfItem(trx, record));
    if (!companyId) throw AppError.notFound();
    return companyId;
  }
  throw AppError.validation({ company_id: ['Please select a company.'] });
}

/** Runs `fn` in the tenant transaction of the company `target` leads to. */
export async function inCompany<T>(
  context: Pick<ResourceContext, 'session' | 'db'>,
  target: CompanyTarget,
  fn: (trx: Trx, companyId: string) => Promise<T>,
): Promise<T> {
  const companyId = await companyFor(context, target);
  return withTenant(context.db, companyId, (trx) => fn(trx, companyId));
}

/** Every organisation write: an audit entry and a company-wide invalidation (src/server/audit/company-write.ts). */
export const recordWrite = recordCompanyWrite;
export { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
