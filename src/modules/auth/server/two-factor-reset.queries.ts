// Clearing a person's second factors when they have lost their device: the authenticator
// app, the recovery codes and the passkeys go, sign-in codes come by e-mail again and every
// code sent so far stops working. Call in the person's scope (or the system scope).
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';

export async function clearSecondFactors(db: DbOrTrx, userId: string): Promise<{ authenticator: boolean; passkeys: number }> {
  const app = await db.deleteFrom('authenticator_apps').where('user_id', '=', userId).returning('confirmed_at').executeTakeFirst();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const passkeys = await db.deleteFrom('passkeys').where('user_id', '=', userId).returning('id').execute();
  await db
    .updateTable('users')
    .set({ two_factor_method: 'mail', updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('two_factor_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return { authenticator: Boolean(app?.confirmed_at), passkeys: passkeys.length };
}
