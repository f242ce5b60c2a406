// The SQL of the hourly balances job: carried-over days past their expiry date that have not
// been expired yet, the leave taken before that date, and the monthly-accrual values to top up.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { LeaveUnit } from '../leave.contract';

export type ExpiringValue = {
  id: string;
  company_id: string;
  user_id: string;
  period_id: string;
  leave_type_id: string;
  carried_over: number;
  carry_over_expires_on: string;
  unit: LeaveUnit;
};

/** Values whose carried days expired before `today` and have no expiry log yet (each is expired once). */
export async function findExpiredCarryOvers(trx: DbOrTrx, input: { today: string; companyId?: string }): Promise<ExpiringValue[]> {
  const rows = await trx
    .selectFrom('user_absence_period_values as v')
    .select(['v.id', 'v.company_id', 'v.user_id', 'v.period_id', 'v.leave_type_id', 'v.carried_over', 'v.carry_over_expires_on', 'v.unit'])
    .where('v.carried_over', '>', 0)
    .where('v.carry_over_expires_on', '<', input.today)
    .$if(input.companyId !== undefined, (q) => q.where('v.company_id', '=', input.companyId as string))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_absence_period_value_logs as l')
            .select(sql`1`.as('one'))
            .whereRef('l.value_id', '=', 'v.id')
            .where('l.kind', '=', 'expiry'),
        ),
      ),
    )
    .orderBy('v.company_id')
    .execute();
  return rows.map((row) => ({ ...row, carry_over_expires_on: row.carry_over_expires_on as string }));
}

/** Approved deductions (cancellation requests still hold theirs) of the value's absences starting on or before `date`. */
export async function usedUpTo(trx: DbOrTrx, input: { periodId: string; leaveTypeId: string; date: string }): Promise<number> {
  const row = await trx
    .selectFrom('user_absences')
    .select(sql<number>`coalesce(sum(deduction), 0)::float8`.as('total'))
    .where('period_id', '=', input.periodId)
    .where('leave_type_id', '=', input.leaveTypeId)
    .where('status', 'in', ['approved', 'cancellation_requested'])
    .where('start_date', '<=', input.date)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type AccrualValue = {
  id: string;
  company_id: string;
  user_id: string;
  entitlement: number;
  unit: LeaveUnit;
  start_date: string;
  end_date: string;
  accrued: number;
};

/**
 * Annual-leave values under a monthly-accrual policy whose year has begun and has not long
 * ended (a year that ended within the month still gets its last top-up), with what has been
 * accrued so far.
 */
export async function findMonthlyAccrualValues(
  trx: DbOrTrx,
  input: { today: string; monthAgo: string; companyId?: string },
): Promise<AccrualValue[]> {
  return trx
    .selectFrom('user_absence_period_values as v')
    .innerJoin('user_absence_periods as p', 'p.id', 'v.period_id')
    .innerJoin('absence_policy_templates as t', 't.id', 'p.template_id')
    .innerJoin('leave_types as lt', 'lt.id', 'v.leave_type_id')
    .select([
      'v.id',
      'v.company_id',
      'v.user_id',
      'v.entitlement',
      'v.unit',
      'p.start_date',
      'p.end_date',
      sql<number>`coalesce((select sum(l.change) from user_absence_period_value_logs l where l.value_id = v.id and l.kind = 'accrual'), 0)::float8`.as(
        'accrued',
      ),
    ])
    .where('t.accrual', '=', 'monthly')
    .where('lt.key', '=', 'annual_leave')
    .where('p.start_date', '<=', input.today)
    .where('p.end_date', '>=', input.monthAgo)
    .$if(input.companyId !== undefined, (q) => q.where('v.company_id', '=', input.companyId as string))
    .orderBy('v.company_id')
    .execute();
}

/** Held until the transaction ends: one balances pass per company at a time. */
export async function lockCompanyBalanceJob(trx: DbOrTrx, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`leave-balance-job:${companyId}`}))`.execute(trx);
}
