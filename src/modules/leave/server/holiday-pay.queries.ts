// The SQL of holiday pay: the hours people worked by day (published rota shifts, less breaks,
// on days they were not away for the whole day, and approved paid overtime), what their
// policy and company say about rolled-up pay, the hours worked logged against their
// allowance, their hourly pay, and the annual leave they took.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { AccrualMethod, DurationType, LeaveUnit } from '../leave.contract';

export type WorkedDay = { user_id: string; date: string; hours: number };

/** Hours worked by day in [from, to] for each person: rota shifts and paid overtime. */
export async function findWorkedHours(
  trx: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; from: string; to: string },
): Promise<WorkedDay[]> {
  if (input.userIds.length === 0) return [];
  const users = sql.join(input.userIds.map((id) => sql`${id}::uuid`));
  const { rows } = await sql<WorkedDay>`
    SELECT user_id, to_char(day, 'YYYY-MM-DD') AS date, sum(hours)::float8 AS hours FROM (
      SELECT s.user_id, (s.start_at AT TIME ZONE 'Europe/London')::date AS day,
        extract(epoch FROM (s.end_at - s.start_at)) / 3600 - s.break_minutes / 60.0 AS hours
      FROM rota_shifts s
      WHERE s.company_id = ${input.companyId} AND s.user_id IN (${users}) AND s.published
        AND s.start_at >= (${input.from}::date)::timestamp AT TIME ZONE 'Europe/London'
        AND s.start_at < (${input.to}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
        AND NOT EXISTS (
          SELECT 1 FROM user_absences a
          WHERE a.company_id = s.company_id AND a.user_id = s.user_id AND a.duration_type = 'days'
            AND a.status IN ('approved', 'cancellation_requested')
            AND a.start_date <= (s.start_at AT TIME ZONE 'Europe/London')::date
            AND coalesce(a.end_date, a.returned_on - 1, (s.start_at AT TIME ZONE 'Europe/London')::date) >= (s.start_at AT TIME ZONE 'Europe/London')::date)
      UNION ALL
      SELECT o.user_id, o.date AS day, o.hours AS hours
      FROM user_overtime o
      WHERE o.company_id = ${input.companyId} AND o.user_id IN (${users}) AND o.status = 'approved' AND o.compensation = 'paid'
        AND o.date BETWEEN ${input.from}::date AND ${input.to}::date
    ) worked
    GROUP BY user_id, day
    ORDER BY user_id, day`.execute(trx);
  return rows;
}

export type RolledUpFacts = { accrual: AccrualMethod; rolled_up_holiday_pay: boolean };

/** The accrual of the period's policy and whether the company chose rolled-up holiday pay. */
export async function findRolledUpFacts(trx: DbOrTrx, input: { companyId: string; templateId: string }): Promise<RolledUpFacts | null> {
  const { rows } = await sql<RolledUpFacts>`
    SELECT t.accrual, coalesce(s.rolled_up_holiday_pay, false) AS rolled_up_holiday_pay
    FROM absence_policy_templates t LEFT JOIN company_leave_settings s ON s.company_id = t.company_id
    WHERE t.company_id = ${input.companyId} AND t.id = ${input.templateId}`.execute(trx);
  return rows[0] ?? null;
}

/** Hours worked logged against the period's annual leave (the 12.07% accrual's hours). */
export async function sumHoursWorked(trx: DbOrTrx, input: { companyId: string; periodId: string }): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    SELECT coalesce(sum(l.hours_worked), 0)::float8 AS total
    FROM user_absence_period_value_logs l
    JOIN user_absence_period_values v ON v.id = l.value_id JOIN leave_types t ON t.id = v.leave_type_id
    WHERE v.company_id = ${input.companyId} AND v.period_id = ${input.periodId} AND t.key = 'annual_leave' AND l.kind = 'hours_worked'`.execute(
    trx,
  );
  return Number(rows[0]?.total ?? 0);
}

export type RolledUpLog = { id: string; user_id: string; date: string; hours_worked: number; hourly_rate: number | null };

/**
 * Hours-worked logs made in [since, to] (London days) on annual leave, in leave years from
 * `yearsFrom`, under policies accruing from hours worked, in a company that chose rolled-up
 * pay — with the person's hourly pay on that day when recorded.
 */
export async function findRolledUpLogs(
  trx: DbOrTrx,
  input: { companyId: string; since: string; to: string; yearsFrom: string },
): Promise<RolledUpLog[]> {
  const { rows } = await sql<RolledUpLog>`
    SELECT l.id, l.user_id, to_char((l.created_at AT TIME ZONE 'Europe/London')::date, 'YYYY-MM-DD') AS date,
      l.hours_worked::float8 AS hours_worked, pr.amount::float8 AS hourly_rate
    FROM user_absence_period_value_logs l
    JOIN user_absence_period_values v ON v.id = l.value_id
    JOIN user_absence_periods p ON p.id = v.period_id
    JOIN absence_policy_templates t ON t.id = p.template_id
    JOIN leave_types lt ON lt.id = v.leave_type_id
    JOIN company_leave_settings s ON s.company_id = l.company_id AND s.rolled_up_holiday_pay
    LEFT JOIN LATERAL (
      SELECT r.amount FROM user_pay_rates r
      WHERE r.company_id = l.company_id AND r.user_id = l.user_id AND r.unit = 'hour'
        AND r.start_date <= (l.created_at AT TIME ZONE 'Europe/London')::date
        AND (r.end_date IS NULL OR r.end_date >= (l.created_at AT TIME ZONE 'Europe/London')::date)
      ORDER BY r.start_date DESC LIMIT 1
    ) pr ON true
    WHERE l.company_id = ${input.companyId} AND l.kind = 'hours_worked' AND l.hours_worked > 0
      AND lt.key = 'annual_leave' AND t.accrual = 'hours_worked' AND p.start_date >= ${input.yearsFrom}::date
      AND (l.created_at AT TIME ZONE 'Europe/London')::date BETWEEN ${input.since}::date AND ${input.to}::date
    ORDER BY l.user_id, l.created_at`.execute(trx);
  return rows;
}

export type AnnualLeaveRow = {
  user_id: string;
  start_date: string;
  end_date: string;
  duration_type: DurationType;
  hours: number | null;
  unit: LeaveUnit;
  period_start: string;
  period_end: string;
};

/**
 * Approved annual leave of the leave years meeting [from, to], from each year's start (to count
 * the first four weeks) — not of years paid by rolled-up holiday pay, whose leave was paid with
 * the wages (policies accruing from hours worked, the company's choice, years from `rolledUpFrom`).
 */
export async function findAnnualLeave(
  trx: DbOrTrx,
  input: { companyId: string; from: string; to: string; rolledUpFrom: string },
): Promise<AnnualLeaveRow[]> {
  const { rows } = await sql<AnnualLeaveRow>`
    SELECT a.user_id, to_char(a.start_date, 'YYYY-MM-DD') AS start_date, to_char(coalesce(a.end_date, a.start_date), 'YYYY-MM-DD') AS end_date,
      a.duration_type, a.hours::float8 AS hours, p.unit,
      to_char(p.start_date, 'YYYY-MM-DD') AS period_start, to_char(p.end_date, 'YYYY-MM-DD') AS period_end
    FROM user_absences a
    JOIN leave_types t ON t.id = a.leave_type_id
    JOIN user_absence_periods p ON p.id = a.period_id
    LEFT JOIN absence_policy_templates pt ON pt.id = p.template_id
    LEFT JOIN company_leave_settings s ON s.company_id = a.company_id
    WHERE a.company_id = ${input.companyId} AND t.key = 'annual_leave' AND a.status IN ('approved', 'cancellation_requested')
      AND p.start_date <= ${input.to}::date AND p.end_date >= ${input.from}::date AND a.start_date <= ${input.to}::date
      AND NOT (coalesce(pt.accrual = 'hours_worked', false) AND coalesce(s.rolled_up_holiday_pay, false) AND p.start_date >= ${input.rolledUpFrom}::date)
    ORDER BY a.user_id, a.start_date`.execute(trx);
  return rows;
}
