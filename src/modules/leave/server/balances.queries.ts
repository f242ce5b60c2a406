// The SQL behind balances.ts: what a person's leave arithmetic needs from the people tables
// (working pattern, region, employment dates), their policy, their leave years and the
// logged values. Every query filters by company as well as relying on row-level security.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { BankHolidayRegion, LeaveTypeKey, LeaveUnit, ValueLogKind } from '../leave.contract';
import type { WeekHours } from '../leave-rules';
import type { PeriodRow, PolicyTemplateRow, ValueRow } from './balances';

const WEEK_COLUMNS = ['mon_hours', 'tue_hours', 'wed_hours', 'thu_hours', 'fri_hours', 'sat_hours', 'sun_hours'] as const;

/**
 * The pattern in force on `date`; for a date before any pattern starts (a starter's leave
 * year begins before their first day) the earliest one, since that is the week they will work.
 */
export async function findWorkingWeek(trx: DbOrTrx, input: { companyId: string; userId: string; date: string }): Promise<WeekHours | null> {
  const row = await trx
    .selectFrom('user_working_patterns')
    .select(WEEK_COLUMNS)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .orderBy(sql`start_date <= ${input.date}`, 'desc')
    .orderBy(sql`case when start_date <= ${input.date} then start_date end`, (ob) => ob.desc().nullsLast())
    .orderBy('start_date', 'asc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export type PersonLeaveFacts = {
  region: BankHolidayRegion;
  employment_start: string | null;
  service_start: string | null;
  termination_date: string | null;
  leave_year_start_month: number;
  leave_year_start_day: number;
};

/** Region (own override, else location's, else England and Wales), employment dates and the company's leave-year start. */
export async function findPersonLeaveFacts(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<PersonLeaveFacts | null> {
  const row = await trx
    .selectFrom('users as u')
    .leftJoin('user_bank_holiday_regions as r', (join) => join.onRef('r.user_id', '=', 'u.id').on('r.company_id', '=', input.companyId))
    .leftJoin('company_locations as l', (join) => join.onRef('l.id', '=', 'u.location_id').on('l.company_id', '=', input.companyId))
    .leftJoin('user_employment_details as e', (join) => join.onRef('e.user_id', '=', 'u.id').on('e.company_id', '=', input.companyId))
    .leftJoin('company_leave_settings as s', 's.company_id', 'u.company_id')
    .select([
      sql<BankHolidayRegion>`coalesce(r.bank_holiday_region, l.bank_holiday_region, 'england-and-wales')`.as('region'),
      'e.start_date as employment_start',
      sql<string | null>`coalesce(e.continuous_service_date, e.start_date)`.as('service_start'),
      'u.termination_date',
      sql<number>`coalesce(s.leave_year_start_month, 1)`.as('leave_year_start_month'),
      sql<number>`coalesce(s.leave_year_start_day, 1)`.as('leave_year_start_day'),
    ])
    .where('u.id', '=', input.userId)
    .where('u.company_id', '=', input.companyId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findAssignedTemplate(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<PolicyTemplateRow | null> {
  const row = await trx
    .selectFrom('user_absence_policies as p')
    .innerJoin('absence_policy_templates as t', 't.id', 'p.template_id')
    .selectAll('t')
    .where('p.user_id', '=', input.userId)
    .where('p.company_id', '=', input.companyId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findTemplate(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<PolicyTemplateRow | null> {
  const row = await trx
    .selectFrom('absence_policy_templates')
    .selectAll()
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return row ?? null;
}

/** The company's own bank holidays for the region (or every region) between two dates. */
export async function findCompanyBankHolidays(
  trx: DbOrTrx,
  input: { companyId: string; region: BankHolidayRegion; from: string; to: string },
): Promise<{ date: string; name: string }[]> {
  return trx
    .selectFrom('company_bank_holidays')
    .select(['date', 'name'])
    .where('company_id', '=', input.companyId)
    .where((eb) => eb.or([eb('region', '=', input.region), eb('region', 'is', null)]))
    .where('date', '>=', input.from)
    .where('date', '<=', input.to)
    .orderBy('date')
    .execute();
}

export async function findPeriodContaining(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; date: string },
): Promise<PeriodRow | null> {
  const row = await trx
    .selectFrom('user_absence_periods')
    .selectAll()
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .where('start_date', '<=', input.date)
    .where('end_date', '>=', input.date)
    .orderBy('start_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The person's period starting (`start_date`) or ending (`end_date`, the year a new one follows) on `date`. */
export async function findPeriodOn(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; edge: 'start_date' | 'end_date'; date: string },
): Promise<PeriodRow | null> {
  const row = await trx
    .selectFrom('user_absence_periods')
    .selectAll()
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .where(input.edge, '=', input.date)
    .executeTakeFirst();
  return row ?? null;
}

/** Inserts the period unless another request made it first; null then. */
export async function insertPeriod(
  trx: Trx,
  input: { companyId: string; userId: string; templateId: string; start: string; end: string; unit: LeaveUnit },
): Promise<PeriodRow | null> {
  const row = await trx
    .insertInto('user_absence_periods')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      template_id: input.templateId,
      start_date: input.start,
      end_date: input.end,
      unit: input.unit,
    })
    .onConflict((oc) => oc.columns(['user_id', 'start_date']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Leave types drawing on an allowance, live ones only. */
export async function findDeductedLeaveTypes(
  trx: DbOrTrx,
  companyId: string,
): Promise<{ id: string; key: LeaveTypeKey | null; name: string }[]> {
  return trx
    .selectFrom('leave_types')
    .select(['id', 'key', 'name'])
    .where('company_id', '=', companyId)
    .where('deducted', '=', true)
    .where('archived_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

export async function findLeaveTypeIdByKey(trx: DbOrTrx, input: { companyId: string; key: LeaveTypeKey }): Promise<string | null> {
  const row = await trx
    .selectFrom('leave_types')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('key', '=', input.key)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function upsertValue(
  trx: Trx,
  input: { companyId: string; userId: string; periodId: string; leaveTypeId: string; unit: LeaveUnit; entitlement?: number },
): Promise<ValueRow> {
  await trx
    .insertInto('user_absence_period_values')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      period_id: input.periodId,
      leave_type_id: input.leaveTypeId,
      unit: input.unit,
      entitlement: input.entitlement ?? 0,
    })
    .onConflict((oc) => oc.columns(['period_id', 'leave_type_id']).doNothing())
    .execute();
  return trx
    .selectFrom('user_absence_period_values')
    .selectAll()
    .where('period_id', '=', input.periodId)
    .where('leave_type_id', '=', input.leaveTypeId)
    .executeTakeFirstOrThrow();
}

export async function findValue(
  trx: DbOrTrx,
  input: { companyId: string; periodId: string; leaveTypeId: string },
): Promise<ValueRow | null> {
  const row = await trx
    .selectFrom('user_absence_period_values')
    .selectAll()
    .where('company_id', '=', input.companyId)
    .where('period_id', '=', input.periodId)
    .where('leave_type_id', '=', input.leaveTypeId)
    .executeTakeFirst();
  return row ?? null;
}

export async function updateValueFields(
  trx: Trx,
  input: { id: string; entitlement?: number; carried_over?: number; carry_over_expires_on?: string | null },
): Promise<void> {
  const { id, ...fields } = input;
  if (Object.keys(fields).length === 0) return;
  await trx.updateTable('user_absence_period_values').set(fields).where('id', '=', id).execute();
}

/** A line of a balance's log: by how much, why, and what it came from (an absence, a person, hours worked, another module's week). */
export type ValueLogLine = {
  companyId: string;
  valueId: string;
  userId: string;
  change: number;
  kind: ValueLogKind;
  reason: string;
  absenceId?: string | null;
  actorId?: string | null;
  hoursWorked?: number | null;
  /** What fed the line (another module's week of hours), so a later change corrects it. */
  sourceKey?: string | null;
};

export async function insertLogAndMoveBalance(trx: Trx, input: ValueLogLine): Promise<void> {
  await trx
    .insertInto('user_absence_period_value_logs')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      value_id: input.valueId,
      change: input.change,
      kind: input.kind,
      reason: input.reason,
      absence_id: input.absenceId ?? null,
      actor_id: input.actorId ?? null,
      hours_worked: input.hoursWorked ?? null,
      source_key: input.sourceKey ?? null,
    })
    .execute();
  await trx
    .updateTable('user_absence_period_values')
    .set({ balance: sql`balance + ${input.change}` })
    .where('id', '=', input.valueId)
    .where('company_id', '=', input.companyId)
    .execute();
}

export async function sumPending(
  trx: DbOrTrx,
  input: { periodId: string; leaveTypeId: string; excludeAbsenceId?: string },
): Promise<number> {
  let query = trx
    .selectFrom('user_absences')
    .select(sql<number>`coalesce(sum(deduction), 0)::float8`.as('total'))
    .where('period_id', '=', input.periodId)
    .where('leave_type_id', '=', input.leaveTypeId)
    .where('status', '=', 'pending');
  if (input.excludeAbsenceId) query = query.where('id', '<>', input.excludeAbsenceId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Sum of a value's logs of one kind (what monthly accrual has already given, for instance). */
export async function sumLogs(trx: DbOrTrx, input: { valueId: string; kinds: ValueLogKind[] }): Promise<number> {
  const row = await trx
    .selectFrom('user_absence_period_value_logs')
    .select(sql<number>`coalesce(sum(change), 0)::float8`.as('total'))
    .where('value_id', '=', input.valueId)
    .where('kind', 'in', input.kinds)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
