// The user whose settings or picture a request is about, found in the caller's company.
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { SettingsSubject } from '../settings.policy';
import { getSettingsSubject } from './settings.queries';

/**
 * Runs `fn` in the caller's company with the user `userId` of that company; a user of another
 * company does not exist for the caller (404). A caller of no company is refused.
 */
export async function inSubjectCompany<T>(
  db: Db,
  input: { session: Session; userId: string },
  fn: (trx: Trx, subject: SettingsSubject) => Promise<T>,
): Promise<T> {
  const companyId = requireCompany(input.session);
  return withTenant(db, companyId, async (trx) => {
    const subject = await getSettingsSubject(trx, { companyId, userId: input.userId });
    if (!subject) throw AppError.notFound();
    return fn(trx, subject);
  });
}
