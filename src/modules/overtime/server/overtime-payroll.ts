// Paid overtime as payroll elements: each approved paid report not yet exported, dated up to
// the period's end, by its rate's element code (hours, multiplier, and the cost from the
// person's hourly pay when known). Exporting it stamps the report, which locks it.
import type { PayrollContributor } from '../../../server/module-hooks';
import { findPayableOvertime, stampExported } from './overtime.queries';
import { estimatedCost } from './overtime-view';

const PREFIX = 'overtime:';

export const overtimePayroll: PayrollContributor = {
  source: 'overtime',
  async elements(trx, window) {
    const rows = await findPayableOvertime(trx, window);
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
    await stampExported(trx, { companyId: input.companyId, periodId: input.periodId, ids });
  },
};
