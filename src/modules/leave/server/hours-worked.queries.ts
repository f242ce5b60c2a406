// What the hours-worked lines fed by another module (the time clock's weeks) have logged so far.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';

/** The sum of a value's lines from one source: the balance they moved and the hours worked they logged. */
export async function sumSourceLogs(
  trx: DbOrTrx,
  input: { companyId: string; valueId: string; sourceKey: string },
): Promise<{ change: number; hours: number }> {
  const row = await trx
    .selectFrom('user_absence_period_value_logs')
    .select([sql<number>`coalesce(sum(change), 0)::float8`.as('change'), sql<number>`coalesce(sum(hours_worked), 0)::float8`.as('hours')])
    .where('company_id', '=', input.companyId)
    .where('value_id', '=', input.valueId)
    .where('source_key', '=', input.sourceKey)
    .executeTakeFirstOrThrow();
  return { change: Number(row.change), hours: Number(row.hours) };
}
