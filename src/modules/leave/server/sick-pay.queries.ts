// The SQL behind Statutory Sick Pay (sick-pay.ts): a person's whole days of sickness, their
// working patterns over time and the average weekly earnings the employer entered. Every
// query filters by company as well as relying on row-level security.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { WeekHours } from '../leave-rules';

export type SicknessSpellRow = { id: string; start_date: string; end_date: string | null; returned_on: string | null };

/**
 * The people's sickness taken in whole days (a half day or hours off is a day some work was
 * done), approved or asked to be cancelled, starting on or before `to`.
 */
export async function findSicknessSpells(
  trx: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; to: string },
): Promise<(SicknessSpellRow & { user_id: string })[]> {
  if (input.userIds.length === 0) return [];
  const { rows } = await sql<SicknessSpellRow & { user_id: string }>`
    SELECT a.id, a.user_id, to_char(a.start_date, 'YYYY-MM-DD') AS start_date, to_char(a.end_date, 'YYYY-MM-DD') AS end_date,
      to_char(a.returned_on, 'YYYY-MM-DD') AS returned_on
    FROM user_absences a JOIN leave_types t ON t.id = a.leave_type_id
    WHERE a.company_id = ${input.companyId} AND a.user_id = ANY(${[...input.userIds]}::uuid[])
      AND t.key = 'sickness' AND a.status IN ('approved', 'cancellation_requested') AND a.duration_type = 'days'
      AND a.start_date <= ${input.to}::date
    ORDER BY a.user_id, a.start_date`.execute(trx);
  return rows;
}

export type PatternRow = WeekHours & { user_id: string; start_date: string };

/** Every working pattern of the people, oldest first. */
export async function findPatterns(trx: DbOrTrx, input: { companyId: string; userIds: readonly string[] }): Promise<PatternRow[]> {
  if (input.userIds.length === 0) return [];
  const { rows } = await sql<PatternRow>`
    SELECT user_id, to_char(start_date, 'YYYY-MM-DD') AS start_date, mon_hours::float8 AS mon_hours, tue_hours::float8 AS tue_hours,
      wed_hours::float8 AS wed_hours, thu_hours::float8 AS thu_hours, fri_hours::float8 AS fri_hours, sat_hours::float8 AS sat_hours,
      sun_hours::float8 AS sun_hours
    FROM user_working_patterns
    WHERE company_id = ${input.companyId} AND user_id = ANY(${[...input.userIds]}::uuid[])
    ORDER BY user_id, start_date, created_at`.execute(trx);
  return rows;
}

/** The average weekly earnings entered for each of the people (pounds; missing when not entered). */
export async function findAverageWeeklyEarnings(
  trx: DbOrTrx,
  input: { companyId: string; userIds: readonly string[] },
): Promise<Map<string, number>> {
  if (input.userIds.length === 0) return new Map();
  const { rows } = await sql<{ user_id: string; amount: number }>`
    SELECT user_id, average_weekly_earnings::float8 AS amount FROM user_employment_details
    WHERE company_id = ${input.companyId} AND user_id = ANY(${[...input.userIds]}::uuid[]) AND average_weekly_earnings IS NOT NULL`.execute(
    trx,
  );
  return new Map(rows.map((row) => [row.user_id, row.amount]));
}

export type SickPersonRow = { id: string; name: string; department: string | null };

/** The people in the report's reach with whole days of sickness meeting `from`..`to`. */
export async function findSickPeople(
  trx: DbOrTrx,
  input: { companyId: string; conditions: RawBuilder<unknown>[]; from: string; to: string },
): Promise<SickPersonRow[]> {
  const { rows } = await sql<SickPersonRow>`
    SELECT u.id, u.first_name || ' ' || u.surname AS name, d.name AS department
    FROM users u LEFT JOIN departments d ON d.id = u.department_id
    WHERE ${sql.join(input.conditions, sql` AND `)} AND EXISTS (
      SELECT 1 FROM user_absences a JOIN leave_types t ON t.id = a.leave_type_id
      WHERE a.company_id = ${input.companyId} AND a.user_id = u.id AND t.key = 'sickness' AND a.duration_type = 'days'
        AND a.status IN ('approved', 'cancellation_requested') AND a.start_date <= ${input.to}::date
        AND coalesce(a.end_date, a.returned_on - 1, ${input.to}::date) >= ${input.from}::date)
    ORDER BY lower(u.surname), lower(u.first_name), u.id
    LIMIT 5000`.execute(trx);
  return rows;
}
