// The company a request about a company's own data works in: always the caller's
// (requireCompany), in its tenant transaction.
import { withTenant, type Db, type Trx } from '../db/database';
import { requireCompany, type Session } from '../plugins/request-context';

/** Runs `fn` in the tenant transaction of the caller's company. */
export function inCompany<T>(context: { db: Db; session: Session }, fn: (trx: Trx, companyId: string) => Promise<T>): Promise<T> {
  const companyId = requireCompany(context.session);
  return withTenant(context.db, companyId, (trx) => fn(trx, companyId));
}
