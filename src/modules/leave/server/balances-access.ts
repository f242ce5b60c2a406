// The person a balances request is about: the platform's person access (another company's
// user a 404, a colleague outside the caller's scope a 403), and the person a period value
// belongs to.
import { withTenant, type Db } from '../../../server/db/database';
import { withPerson, type PersonContext } from '../../../server/http/person-access';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { HttpMethod } from '../../../shared/scopes';
import { findValueOwner } from './balances-read.queries';

/** As withPerson, for the person a period value belongs to (404 when there is no such value for the caller). */
export async function withValueOwner<T>(
  db: Db,
  input: { session: Session; valueId: string; endpoint: string; method: HttpMethod },
  fn: (context: PersonContext) => Promise<T>,
): Promise<T> {
  const { session, valueId } = input;
  const companyId = requireCompany(session);
  const owner = await withTenant(db, companyId, (trx) => findValueOwner(trx, { companyId, id: valueId }));
  if (!owner) throw AppError.notFound();
  return withPerson(db, { session, userId: owner.user_id, endpoint: input.endpoint, method: input.method }, fn);
}
