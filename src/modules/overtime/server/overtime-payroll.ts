// Paid overtime as payroll elements: each approved paid report not yet exported, dated up to
// the period's end, by its rate's element code (hours, multiplier, and the cost from the
// person's hourly pay when known). Exporting it stamps the report, which locks it.
import { sql } from 'kysely';
import type { PayrollContributor } from '../../../server/module-hooks';
import { estimatedCost } from './overtime-view';

const PREFIX = 'overtime:';

export const overtimePayroll: PayrollContributor = {
  source: 'overtime',
  async elements(trx, window) {
    const { rows } = await sql<{
      id: string;
      user_id: string;
      date: string;
      hours: number;
      multiplier: number;
      element_code: string;
      rate_name: string;
      hourly_rate: number | null;
      rate_is_specific: boolean | null;
    }>`
      SELECT o.id, o.user_id, o.date, o.hours::float8 AS hours, r.multiplier::float8 AS multiplier, r.element_code, t.name AS rate_name,
        pr.amount::float8 AS hourly_rate, (pr.pay_rate_type_id IS NOT DISTINCT FROM r.pay_rate_type_id) AS rate_is_specific
      FROM user_overtime o
      JOIN overtime_rates r ON r.id = o.overtime_rate_id
      JOIN company_pay_rate_types t ON t.id = r.pay_rate_type_id
      LEFT JOIN LATERAL (
        SELECT p.amount, p.pay_rate_type_id FROM user_pay_rates p
        WHERE p.user_id = o.user_id AND p.company_id = o.company_id AND p.unit = 'hour'
          AND p.start_date <= o.date AND (p.end_date IS NULL OR p.end_date >= o.date)
        ORDER BY (p.pay_rate_type_id IS NOT DISTINCT FROM r.pay_rate_type_id) DESC, p.start_date DESC LIMIT 1
      ) pr ON true
      WHERE o.company_id = ${window.companyId} AND o.status = 'approved' AND o.compensation = 'paid'
        AND o.payroll_period_id IS NULL AND o.date <= ${window.to}::date
      ORDER BY o.user_id, o.date`.execute(trx);
    return rows.map((row) => ({
      userId: row.user_id,
      source: 'overtime',
      key: `${PREFIX}${row.id}`,
      date: row.date,
      code: row.element_code,
      label: `Overtime at ${row.rate_name} (×${row.multiplier})`,
      hours: row.hours,
      multiplier: row.multiplier,
      amount: estimatedCost({ ...row, compensation: 'paid' }),
      taxable: true,
    }));
  },
  async markExported(trx, input) {
    const ids = input.keys.filter((key) => key.startsWith(PREFIX)).map((key) => key.slice(PREFIX.length));
    if (ids.length === 0) return;
    await trx
      .updateTable('user_overtime')
      .set({ payroll_period_id: input.periodId, exported_at: new Date(), updated_at: sql`now()` })
      .where('company_id', '=', input.companyId)
      .where('id', 'in', ids)
      .execute();
  },
};
