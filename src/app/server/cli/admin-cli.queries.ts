// What the administrators' command line changes beyond the companies and identity modules' own
// calls: an administrator's two-factor delivery reset to their e-mail address.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

/**
 * Sign-in codes go to the administrator's e-mail address again (not a lost phone), and every
 * code sent so far stops working. Only an administrator (no company) is changed; false when
 * `userId` is none.
 */
export async function resetTwoFactorToEmail(trx: Trx, userId: string): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ two_factor_method: 'mail', updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('company_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable('two_factor_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return true;
}
