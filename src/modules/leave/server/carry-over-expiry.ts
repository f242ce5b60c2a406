// The hourly balances job (a background job, leave.jobs.ts): (1) carried-over days
// still unused after their expiry date are taken off with an 'expiry' log — once per value,
// since a value with an expiry log is never picked again; leave is drawn from the carried days
// first, so what expires is what was carried minus what was taken up to that date. (2) Monthly
// accrual is topped up with an 'accrual' log to what the year has accrued by today. Leave
// carried after sickness (WTR reg 13(10)) expires line by line after its own last usable day
// (sickness-carry-over.ts) and counts among the expired values. Each
// company's changes run in their own system-scope transaction and publish one invalidation.
import { withSystem, type Db, type Trx } from '../../../server/db/database';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import { LEAVE_INVALIDATES } from '../leave.contract';
import { accruedToDate, carryOverExpiring } from '../accrual-rules';
import { logValueChange } from './balances';
import {
  findExpiredCarryOvers,
  findMonthlyAccrualValues,
  lockCompanyBalanceJob,
  usedUpTo,
  type AccrualValue,
  type ExpiringValue,
} from './carry-over-expiry.queries';
import { publishLeave } from './settings-access';
import { findExpiredSicknessLines } from './sickness-carry-over.queries';
import { expireSicknessLine } from './sickness-carry-over';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

async function expireOne(trx: Trx, value: ExpiringValue): Promise<number> {
  const used = await usedUpTo(trx, { periodId: value.period_id, leaveTypeId: value.leave_type_id, date: value.carry_over_expires_on });
  const expiring = carryOverExpiring(value.carried_over, used);
  await logValueChange(trx, {
    companyId: value.company_id,
    valueId: value.id,
    userId: value.user_id,
    change: -expiring,
    kind: 'expiry',
    reason: `Carried-over leave expired on ${shown(value.carry_over_expires_on)}: ${value.carried_over} carried, ${Math.min(used, value.carried_over)} used`,
  });
  return expiring;
}

async function topUp(trx: Trx, value: AccrualValue, today: string): Promise<number> {
  const date = today < value.end_date ? today : value.end_date;
  const target = accruedToDate(value.entitlement, value.unit, { start_date: value.start_date, end_date: value.end_date }, date);
  const change = Math.round((target - value.accrued) * 100) / 100;
  if (change <= 0) return 0;
  await logValueChange(trx, {
    companyId: value.company_id,
    valueId: value.id,
    userId: value.user_id,
    change,
    kind: 'accrual',
    reason: `Accrued monthly: ${target} of ${value.entitlement} ${value.unit} by ${shown(date)}`,
  });
  return change;
}

/** Runs both passes as of `now`; answers how many values were expired and topped up. */
export async function runLeaveBalanceJobs(
  db: Db,
  now: Date = new Date(),
  options: { companyId?: string } = {},
): Promise<{ expired: number; accrued: number }> {
  const today = londonDate(now);
  const monthAgo = addDays(today, -31);
  const filter = options.companyId ? { companyId: options.companyId } : {};
  const companies = await withSystem(db, async (trx) => {
    const expiring = await findExpiredCarryOvers(trx, { today, ...filter });
    const accruing = await findMonthlyAccrualValues(trx, { today, monthAgo, ...filter });
    const sickness = await findExpiredSicknessLines(trx, { today, ...filter });
    return new Set([...expiring, ...accruing, ...sickness].map((row) => row.company_id));
  });
  let expired = 0;
  let accrued = 0;
  for (const companyId of companies) {
    await withSystem(db, async (trx) => {
      // One pass per company at a time across servers; the rows are read again under the lock,
      // so a value another server has just expired or topped up is not done twice.
      await lockCompanyBalanceJob(trx, companyId);
      let changed = 0;
      for (const value of await findExpiredCarryOvers(trx, { today, companyId })) {
        await expireOne(trx, value);
        expired += 1;
        changed += 1;
      }
      for (const line of await findExpiredSicknessLines(trx, { today, companyId })) {
        await expireSicknessLine(trx, line, logValueChange);
        expired += 1;
        changed += 1;
      }
      for (const value of await findMonthlyAccrualValues(trx, { today, monthAgo, companyId })) {
        if ((await topUp(trx, value, today)) > 0) {
          accrued += 1;
          changed += 1;
        }
      }
      if (changed > 0) await publishLeave(trx, companyId, LEAVE_INVALIDATES.balances);
    });
  }
  return { expired, accrued };
}
