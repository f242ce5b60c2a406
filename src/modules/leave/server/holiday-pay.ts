// What a person's holiday is paid at, for their leave balances: the 52-week reference for the
// first four weeks (WTR reg 16, ERA 1996 ss. 221–224) from rota shifts and paid overtime, and
// — when the company chose it and their leave accrues from hours worked — rolled-up holiday
// pay at 12.07% of the hours worked (WTR reg 16A). Hours only: amounts are for payroll.
import type { Trx } from '../../../server/db/database';
import { addDays } from '../../../shared/dates';
import type { HolidayPaySummary } from '../leave-balances.contract';
import { REFERENCE_LOOK_BACK_WEEKS, holidayPayReference, mondayOf, rolledUpApplies, rolledUpHours } from '../holiday-rules';
import { findRolledUpFacts, findWorkedHours, sumHoursWorked } from './holiday-pay.queries';

/** The first day the 104-week look-back can reach from `asOf`. */
export const lookBackFrom = (asOf: string) => addDays(mondayOf(asOf), -7 * REFERENCE_LOOK_BACK_WEEKS);

export async function holidayPayOf(
  trx: Trx,
  input: { companyId: string; userId: string; period: { id: string; start_date: string; template_id: string | null }; today: string },
): Promise<HolidayPaySummary> {
  const worked = await findWorkedHours(trx, {
    companyId: input.companyId,
    userIds: [input.userId],
    from: lookBackFrom(input.today),
    to: input.today,
  });
  const reference = holidayPayReference(worked, input.today);
  const facts = input.period.template_id
    ? await findRolledUpFacts(trx, { companyId: input.companyId, templateId: input.period.template_id })
    : null;
  const applies =
    facts !== null &&
    rolledUpApplies({
      enabled: facts.rolled_up_holiday_pay,
      irregular: facts.accrual === 'hours_worked',
      yearStart: input.period.start_date,
    });
  if (!applies) return { reference, rolled_up: null };
  const hoursWorked = await sumHoursWorked(trx, { companyId: input.companyId, periodId: input.period.id });
  return { reference, rolled_up: { hours_worked: hoursWorked, holiday_pay_hours: rolledUpHours(hoursWorked) } };
}
