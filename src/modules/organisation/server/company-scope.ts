// The company an organisation request works in: always the caller's own. A session without a
// company (an administrator) reaches a company's lists only as an impersonated session under an
// approved access request, which carries that company. Everything runs in its tenant transaction.
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withTenant, type Trx } from '../../../server/db/database';
import type { ResourceContext } from '../../../server/http/resource';
import { requireCompany } from '../../../server/plugins/request-context';

/** Runs `fn` in the tenant transaction of the caller's company. */
export async function inCompany<T>(
  context: Pick<ResourceContext, 'session' | 'db'>,
  fn: (trx: Trx, companyId: string) => Promise<T>,
): Promise<T> {
  const companyId = requireCompany(context.session);
  return withTenant(context.db, companyId, (trx) => fn(trx, companyId));
}

/** Every organisation write: an audit entry and a company-wide invalidation (src/server/audit/company-write.ts). */
export const recordWrite = recordCompanyWrite;
export { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
