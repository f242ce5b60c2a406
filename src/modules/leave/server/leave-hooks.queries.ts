// The SQL of what the leave module offers other modules (leave-hooks.ts): the company's
// time-off-in-lieu leave type, and the approved unpaid and sickness absences a pay period
// reports.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { DurationType } from '../leave.contract';

export async function findToilLeaveTypeId(trx: DbOrTrx, companyId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('leave_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where('key', '=', 'toil')
    .executeTakeFirst();
  return row?.id ?? null;
}

export type PayrollAbsenceRow = {
  id: string;
  user_id: string;
  kind: 'sickness' | 'unpaid';
  leave_type_name: string;
  start_date: string;
  end_date: string | null;
  returned_on: string | null;
  duration_type: DurationType;
  hours: number | null;
};

/** Approved absences of unpaid leave types, and sickness, meeting [from, to]. */
export async function findPayrollAbsences(
  trx: DbOrTrx,
  input: { companyId: string; from: string; to: string },
): Promise<PayrollAbsenceRow[]> {
  const { rows } = await sql<PayrollAbsenceRow>`
    SELECT a.id, a.user_id, CASE WHEN t.key = 'sickness' THEN 'sickness' ELSE 'unpaid' END AS kind,
      t.name AS leave_type_name, to_char(a.start_date, 'YYYY-MM-DD') AS start_date,
      to_char(a.end_date, 'YYYY-MM-DD') AS end_date, to_char(a.returned_on, 'YYYY-MM-DD') AS returned_on,
      a.duration_type, a.hours::float8 AS hours
    FROM user_absences a JOIN leave_types t ON t.id = a.leave_type_id
    WHERE a.company_id = ${input.companyId} AND a.status IN ('approved', 'cancellation_requested')
      AND (t.key = 'sickness' OR NOT t.paid)
      AND a.start_date <= ${input.to}::date
      AND coalesce(a.end_date, a.returned_on - 1, ${input.to}::date) >= ${input.from}::date
    ORDER BY a.user_id, a.start_date`.execute(trx);
  return rows;
}
