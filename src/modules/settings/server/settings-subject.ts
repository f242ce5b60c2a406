// The user whose settings or picture a request is about, found in the right company.
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { SettingsSubject } from '../settings.policy';
import { getSettingsSubject } from './settings.queries';

/**
 * Runs `fn` in the company of the user `userId`: the caller's own company, or for a caller
 * with global scope whichever company the user belongs to. No such user is a 404.
 */
export async function inSubjectCompany<T>(
  db: Db,
  input: { session: Session; userId: string; global: boolean },
  fn: (trx: Trx, subject: SettingsSubject) => Promise<T>,
): Promise<T> {
  const { session, userId } = input;
  const companyId =
    session.companyId ??
    (input.global ? (await withSystem(db, (trx) => getSettingsSubject(trx, { companyId: null, userId })))?.companyId : undefined);
  if (!companyId) throw AppError.notFound();
  return withTenant(db, companyId, async (trx) => {
    const subject = await getSettingsSubject(trx, { companyId, userId });
    if (!subject) throw AppError.notFound();
    return fn(trx, subject);
  });
}
