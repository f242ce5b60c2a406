// The company a request about a company's own data works in: always the caller's
// (requireCompany), in its tenant transaction.
import { withTenant, type Db, type Trx } from '../db/database';
import { requireCompany, requireOwnCompany, type Session } from '../plugins/request-context';

/**
 * Runs `fn` in the tenant transaction of the caller's company. `named`: a company the request
 * names, which must be the caller's — another company's is a 404 (it does not exist for them).
 */
export function inCompany<T>(
  context: { db: Db; session: Session; named?: string | undefined },
  fn: (trx: Trx, companyId: string) => Promise<T>,
): Promise<T> {
  const { session, named } = context;
  const companyId = named === undefined ? requireCompany(session) : requireOwnCompany(session, named, 'not_found');
  return withTenant(context.db, companyId, (trx) => fn(trx, companyId));
}

/** The `company_id` a body or query names, when it names one. */
export function companyNamedIn(input: unknown): string | undefined {
  const value = typeof input === 'object' && input !== null ? (input as { company_id?: unknown }).company_id : undefined;
  return typeof value === 'string' ? value : undefined;
}
