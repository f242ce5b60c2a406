// Approved clocked time as payroll elements: each approved, closed entry not yet exported,
// clocked in up to the period's end, as hours worked (element code HOURS). Exporting it
// stamps the entry with its period, which locks it against edits.
import type { PayrollContributor } from '../../../server/module-hooks';
import { findPayableEntries, stampExported } from './time-clock.queries';

const PREFIX = 'time-clock:';
export const HOURS_ELEMENT_CODE = 'HOURS';

export const timeClockPayroll: PayrollContributor = {
  source: 'time-clock',
  async elements(trx, window) {
    const rows = await findPayableEntries(trx, { companyId: window.companyId, to: window.to });
    return rows.map((row) => ({
      userId: row.user_id,
      source: 'time-clock',
      key: `${PREFIX}${row.id}`,
      date: row.date,
      code: HOURS_ELEMENT_CODE,
      label: 'Hours worked (clocked, approved)',
      hours: Math.round((row.worked_minutes / 60) * 100) / 100,
    }));
  },
  async markExported(trx, input) {
    const ids = input.keys.filter((key) => key.startsWith(PREFIX)).map((key) => key.slice(PREFIX.length));
    await stampExported(trx, { companyId: input.companyId, periodId: input.periodId, ids });
  },
};
