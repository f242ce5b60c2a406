// The SQL of leave carried because sickness prevented it (WTR reg 13(10), migration 0054): a
// value's lines, a new line (once per value and leave year), the year's sickness absences, and
// the lines past their expiry that the hourly balances job has not expired yet.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { DurationType, LeaveUnit } from '../leave.contract';

export type SicknessLineRow = {
  id: string;
  value_id: string;
  arose_start: string;
  arose_end: string;
  amount: number;
  expires_on: string;
  expired: boolean;
};

/** Every line logged on the value (expired ones too: they keep their place in the order leave is drawn). */
export async function findSicknessLines(trx: DbOrTrx, input: { companyId: string; valueId: string }): Promise<SicknessLineRow[]> {
  const rows = await trx
    .selectFrom('leave_sickness_carry_overs')
    .select(['id', 'value_id', 'arose_start', 'arose_end', 'amount', 'expires_on', sql<boolean>`expired_at is not null`.as('expired')])
    .where('company_id', '=', input.companyId)
    .where('value_id', '=', input.valueId)
    .orderBy('expires_on')
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** Adds the line unless the value already has one for that leave year; its id, or null when it had. */
export async function insertSicknessLine(
  trx: Trx,
  input: { companyId: string; userId: string; valueId: string; aroseStart: string; aroseEnd: string; amount: number; expiresOn: string },
): Promise<string | null> {
  const row = await trx
    .insertInto('leave_sickness_carry_overs')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      value_id: input.valueId,
      arose_start: input.aroseStart,
      arose_end: input.aroseEnd,
      amount: input.amount,
      expires_on: input.expiresOn,
    })
    .onConflict((oc) => oc.columns(['value_id', 'arose_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export type SicknessAbsenceRow = {
  start_date: string;
  /** The last day off: the end date, else the day before the return, else null (still off). */
  last_day: string | null;
  duration_type: DurationType;
  hours: number | null;
};

/** The person's approved sickness absences meeting [from, to]. */
export async function findSicknessAbsences(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; from: string; to: string },
): Promise<SicknessAbsenceRow[]> {
  const { rows } = await sql<SicknessAbsenceRow>`
    SELECT to_char(a.start_date, 'YYYY-MM-DD') AS start_date,
      to_char(coalesce(a.end_date, a.returned_on - 1), 'YYYY-MM-DD') AS last_day,
      a.duration_type, a.hours::float8 AS hours
    FROM user_absences a JOIN leave_types t ON t.id = a.leave_type_id
    WHERE a.company_id = ${input.companyId} AND a.user_id = ${input.userId} AND t.key = 'sickness'
      AND a.status IN ('approved', 'cancellation_requested')
      AND a.start_date <= ${input.to}::date
      AND coalesce(a.end_date, a.returned_on - 1, ${input.to}::date) >= ${input.from}::date
    ORDER BY a.start_date`.execute(trx);
  return rows;
}

export type ExpiringSicknessLine = SicknessLineRow & {
  company_id: string;
  user_id: string;
  period_id: string;
  leave_type_id: string;
  /** The policy's carry-over on the same value (drawn before the sickness lines) and its last day. */
  carried_over: number;
  carry_over_expires_on: string | null;
  unit: LeaveUnit;
};

/** Lines whose last usable day is before `today` and that have not been expired yet. */
export async function findExpiredSicknessLines(
  trx: DbOrTrx,
  input: { today: string; companyId?: string },
): Promise<ExpiringSicknessLine[]> {
  const rows = await trx
    .selectFrom('leave_sickness_carry_overs as s')
    .innerJoin('user_absence_period_values as v', 'v.id', 's.value_id')
    .innerJoin('user_absence_periods as p', 'p.id', 'v.period_id')
    .select([
      's.id',
      's.value_id',
      's.arose_start',
      's.arose_end',
      's.amount',
      's.expires_on',
      sql<boolean>`false`.as('expired'),
      's.company_id',
      's.user_id',
      'v.period_id',
      'v.leave_type_id',
      'v.carried_over',
      'v.carry_over_expires_on',
      'v.unit',
    ])
    .where('s.expired_at', 'is', null)
    .where('s.expires_on', '<', input.today)
    // A line whose last day is after its leave year moves on to the next year (sickness-carry-over.ts) and expires there.
    .whereRef('s.expires_on', '<=', 'p.end_date')
    .$if(input.companyId !== undefined, (q) => q.where('s.company_id', '=', input.companyId as string))
    .orderBy('s.company_id')
    .orderBy('s.expires_on')
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount), carried_over: Number(row.carried_over) }));
}

export async function markSicknessLineExpired(trx: Trx, input: { companyId: string; id: string }): Promise<void> {
  await trx
    .updateTable('leave_sickness_carry_overs')
    .set({ expired_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}
