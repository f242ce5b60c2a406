// The rota's published shifts as the time clock reads them (the rotas module's table, read
// only): by id, the shift a clock-in belongs to, a person's next shift, and a week's shifts of
// the people on a timesheet.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { CLOCK_IN_EARLY_MINUTES } from '../time-clock.policy';
import './time-clock-tables';

export type ShiftRow = {
  id: string;
  user_id: string | null;
  start_at: Date;
  end_at: Date;
  break_minutes: number;
  role: string;
  department_name: string;
};

const shiftSelect = sql`s.id, s.user_id, s.start_at, s.end_at, s.break_minutes, s.role, d.name AS department_name`;

export async function findShifts(trx: DbOrTrx, input: { companyId: string; ids: readonly string[] }): Promise<ShiftRow[]> {
  if (input.ids.length === 0) return [];
  const { rows } = await sql<ShiftRow>`
    SELECT ${shiftSelect} FROM rota_shifts s JOIN departments d ON d.id = s.department_id
    WHERE s.company_id = ${input.companyId} AND s.id IN (${sql.join(input.ids)})`.execute(trx);
  return rows;
}

/**
 * The person's published shift a clock-in at `at` belongs to: the one under way, else the
 * next starting within `earlyMinutes`, else the one that ended least long ago today (a late
 * clock-in after a short shift). Shifts that already have an entry are passed over.
 */
export async function findShiftFor(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; at: Date; earlyMinutes?: number },
): Promise<ShiftRow | undefined> {
  const early = input.earlyMinutes ?? CLOCK_IN_EARLY_MINUTES;
  const { rows } = await sql<ShiftRow>`
    SELECT ${shiftSelect} FROM rota_shifts s JOIN departments d ON d.id = s.department_id
    WHERE s.company_id = ${input.companyId} AND s.user_id = ${input.userId} AND s.published
      AND s.start_at <= ${input.at}::timestamptz + make_interval(mins => ${early})
      AND s.end_at > ${input.at}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM time_clock_entries e WHERE e.shift_id = s.id)
    ORDER BY abs(extract(epoch FROM s.start_at - ${input.at}::timestamptz))
    LIMIT 1`.execute(trx);
  return rows[0];
}

/** The person's next published shift from `from` to the end of the London day after (the card's "next shift"). */
export async function findNextShift(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; from: Date; to: Date },
): Promise<ShiftRow | undefined> {
  const { rows } = await sql<ShiftRow>`
    SELECT ${shiftSelect} FROM rota_shifts s JOIN departments d ON d.id = s.department_id
    WHERE s.company_id = ${input.companyId} AND s.user_id = ${input.userId} AND s.published
      AND s.end_at > ${input.from} AND s.start_at < ${input.to}
      AND NOT EXISTS (SELECT 1 FROM time_clock_entries e WHERE e.shift_id = s.id)
    ORDER BY s.start_at LIMIT 1`.execute(trx);
  return rows[0];
}

export async function findShiftsIn(
  trx: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; from: Date; to: Date },
): Promise<ShiftRow[]> {
  if (input.userIds.length === 0) return [];
  const { rows } = await sql<ShiftRow>`
    SELECT ${shiftSelect} FROM rota_shifts s JOIN departments d ON d.id = s.department_id
    WHERE s.company_id = ${input.companyId} AND s.published AND s.user_id IN (${sql.join(input.userIds)})
      AND s.start_at >= ${input.from} AND s.start_at < ${input.to}
    ORDER BY s.start_at`.execute(trx);
  return rows;
}
