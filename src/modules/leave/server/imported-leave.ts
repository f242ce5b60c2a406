// A person's leave as imported from the system a company moves from (the employees module's
// spreadsheet import, through the `leaveImport` offer): this leave year's annual allowance,
// and the annual leave already taken, logged as an 'imported' line with the reason "Imported"
// that the balance counts as taken. Importing again adjusts both to the new figures: the
// allowance by the difference, the taken line by a correcting line, never a second copy.
import type { ImportedLeave } from '../../../server/module-hooks';
import type { Trx } from '../../../server/db/database';
import { amountInWords, londonDate } from '../../../shared/dates';
import { accruedToDate } from '../accrual-rules';
import { ensurePeriodFor, logValueChange } from './balances';
import { findLeaveTypeIdByKey, findTemplate, findValue, sumLogs, updateValueFields } from './balances.queries';

export const IMPORTED_REASON = 'Imported';
export const importedLeaveMessages = {
  noPolicy: 'This person has no absence policy to hold their leave: set a default policy in Leave & Absence Settings first.',
  hoursWorked: 'Their absence policy builds leave from hours worked, so it has no annual allowance to import.',
} as const;

const round = (value: number) => Math.round(value * 100) / 100;

export async function importLeave(trx: Trx, leave: ImportedLeave): Promise<string | null> {
  if (leave.allowance === undefined && leave.taken === undefined) return null;
  const { companyId, userId, actorId } = leave;
  const today = leave.today ?? londonDate(new Date());
  const period = await ensurePeriodFor(trx, { companyId, userId, date: today, actorId });
  const annualLeaveId = await findLeaveTypeIdByKey(trx, { companyId, key: 'annual_leave' });
  const value = period && annualLeaveId ? await findValue(trx, { companyId, periodId: period.id, leaveTypeId: annualLeaveId }) : null;
  if (!period || !value) return importedLeaveMessages.noPolicy;
  const base = { companyId, valueId: value.id, userId, actorId };

  if (leave.allowance !== undefined) {
    const template = period.template_id ? await findTemplate(trx, { companyId, id: period.template_id }) : null;
    if (template?.accrual === 'hours_worked') return importedLeaveMessages.hoursWorked;
    const allowance = round(leave.allowance);
    if (template?.accrual === 'monthly') {
      // The hourly job tops accrual up to what the year's entitlement has accrued by today.
      await updateValueFields(trx, { id: value.id, entitlement: allowance });
      const accrued = await sumLogs(trx, { valueId: value.id, kinds: ['accrual'] });
      const due = accruedToDate(allowance, value.unit, { start_date: period.start_date, end_date: period.end_date }, today);
      const change = round(due - accrued);
      if (change !== 0) {
        await logValueChange(trx, {
          ...base,
          change,
          kind: 'accrual',
          reason: `${IMPORTED_REASON}: annual allowance ${amountInWords(allowance, value.unit)}, accrued monthly`,
        });
      }
    } else if (round(allowance - value.entitlement) !== 0) {
      const change = round(allowance - value.entitlement);
      await updateValueFields(trx, { id: value.id, entitlement: allowance });
      await logValueChange(trx, {
        ...base,
        change,
        kind: 'entitlement',
        reason: `${IMPORTED_REASON}: annual allowance ${amountInWords(allowance, value.unit)} (was ${amountInWords(value.entitlement, value.unit)})`,
      });
    }
  }

  if (leave.taken !== undefined) {
    const logged = -(await sumLogs(trx, { valueId: value.id, kinds: ['imported'] }));
    const taken = round(leave.taken);
    const change = round(logged - taken);
    if (change !== 0) {
      await logValueChange(trx, {
        ...base,
        change,
        kind: 'imported',
        reason:
          logged === 0
            ? IMPORTED_REASON
            : `${IMPORTED_REASON} (taken ${amountInWords(round(logged), value.unit)} → ${amountInWords(taken, value.unit)})`,
      });
    }
  }
  return null;
}
