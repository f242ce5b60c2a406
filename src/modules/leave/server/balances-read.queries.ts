// The SQL of the balances screens and writes: the person a request is about, their policy,
// their leave years with each value's pending, taken and booked amounts, and a value's logs.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import { isUuid } from '../../../shared/ids';
import type { AbsencePeriod, PeriodValue, SicknessCarryOverLine, UserAbsencePolicy, ValueLog } from '../leave-balances.contract';
import type { ValueLogKind } from '../leave.contract';
import type { ValueRow } from './balances';
import { leaveTypeSummaryOf } from './leave-type-summary';

export async function findUserPolicy(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<UserAbsencePolicy> {
  const row = await trx
    .selectFrom('user_absence_policies as p')
    .innerJoin('absence_policy_templates as t', 't.id', 'p.template_id')
    .select(['p.template_id', 't.name as template_name'])
    .where('p.company_id', '=', input.companyId)
    .where('p.user_id', '=', input.userId)
    .executeTakeFirst();
  return { user_id: input.userId, template_id: row?.template_id ?? null, template_name: row?.template_name ?? null };
}

export async function saveUserPolicy(trx: Trx, input: { companyId: string; userId: string; templateId: string }): Promise<void> {
  await trx
    .insertInto('user_absence_policies')
    .values({ company_id: input.companyId, user_id: input.userId, template_id: input.templateId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ template_id: input.templateId, updated_at: sql`now()` }))
    .execute();
}

export async function setPeriodTemplate(trx: Trx, input: { periodId: string; templateId: string }): Promise<void> {
  await trx.updateTable('user_absence_periods').set({ template_id: input.templateId }).where('id', '=', input.periodId).execute();
}

type PeriodHead = Omit<AbsencePeriod, 'values' | 'holiday_pay'>;

export async function listPeriods(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; today: string; currentOnly: boolean },
): Promise<PeriodHead[]> {
  const rows = await trx
    .selectFrom('user_absence_periods as p')
    .leftJoin('absence_policy_templates as t', 't.id', 'p.template_id')
    .select(['p.id', 'p.user_id', 'p.start_date', 'p.end_date', 'p.unit', 'p.template_id', 't.name as template_name'])
    .where('p.company_id', '=', input.companyId)
    .where('p.user_id', '=', input.userId)
    .$if(input.currentOnly, (q) => q.where('p.start_date', '<=', input.today).where('p.end_date', '>=', input.today))
    .orderBy('p.start_date', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, is_current: row.start_date <= input.today && row.end_date >= input.today }));
}

/** The sum of a value's logs of these kinds. */
const logSum = (kinds: ValueLogKind[]) =>
  sql<number>`coalesce((select sum(l.change) from user_absence_period_value_logs l
      where l.value_id = v.id and l.kind in (${sql.join(kinds)})), 0)::float8`;

/** Approved deductions (cancellation requests still hold theirs) of absences started by `today` (taken) or after (booked). */
const approvedSum = (when: 'taken' | 'booked', today: string) =>
  sql<number>`coalesce((select sum(a.deduction) from user_absences a
      where a.period_id = v.period_id and a.leave_type_id = v.leave_type_id
        and a.status in ('approved', 'cancellation_requested')
        and ${when === 'taken' ? sql`a.start_date <= ${today}` : sql`a.start_date > ${today}`}), 0)::float8`;

function valuesQuery(trx: DbOrTrx, companyId: string, today: string) {
  return trx
    .selectFrom('user_absence_period_values as v')
    .innerJoin('leave_types as lt', 'lt.id', 'v.leave_type_id')
    .select([
      'v.id',
      'v.period_id',
      'v.user_id',
      'v.unit',
      'v.entitlement',
      'v.carried_over',
      'v.carry_over_expires_on',
      'v.balance',
      'lt.id as leave_type_id',
      'lt.key as leave_type_key',
      'lt.name as leave_type_name',
      'lt.colour as leave_type_colour',
      'lt.paid as leave_type_paid',
      'lt.deducted as leave_type_deducted',
      'lt.sort_order',
      sql<number>`coalesce((select sum(a.deduction) from user_absences a
          where a.period_id = v.period_id and a.leave_type_id = v.leave_type_id and a.status = 'pending'), 0)::float8`.as('pending'),
      logSum(['bank_holidays']).as('bank_holidays'),
      logSum(['adjustment', 'hours_worked', 'expiry', 'sickness_expiry']).as('adjusted'),
      sql<SicknessCarryOverLine[]>`coalesce((select jsonb_agg(jsonb_build_object('amount', s.amount::float8, 'arose_start', s.arose_start,
          'arose_end', s.arose_end, 'expires_on', s.expires_on, 'expired', s.expired_at is not null) order by s.expires_on)
        from leave_sickness_carry_overs s where s.value_id = v.id), '[]'::jsonb)`.as('sickness_carry_overs'),
      // Leave taken before an import is logged (kind 'imported', negative) and counted as taken.
      sql<number>`${approvedSum('taken', today)} - ${logSum(['imported'])}`.as('taken'),
      approvedSum('booked', today).as('booked'),
    ])
    .where('v.company_id', '=', companyId);
}

type ValueSelection = Awaited<ReturnType<ReturnType<typeof valuesQuery>['execute']>>[number];
const round = (value: number) => Math.round(value * 100) / 100;
const toValue = (row: ValueSelection): PeriodValue => {
  const leaveType = leaveTypeSummaryOf(row);
  return {
    id: row.id,
    period_id: row.period_id,
    user_id: row.user_id,
    leave_type: leaveType,
    unit: row.unit,
    entitlement: row.entitlement,
    carried_over: row.carried_over,
    carry_over_expires_on: row.carry_over_expires_on,
    sickness_carry_overs: row.sickness_carry_overs,
    balance: row.balance,
    bank_holidays: round(-row.bank_holidays),
    adjusted: round(row.adjusted),
    pending: round(row.pending),
    available: round(row.balance - row.pending),
    taken: round(row.taken),
    booked: round(row.booked),
  };
};

export async function listValues(trx: DbOrTrx, input: { companyId: string; periodIds: string[]; today: string }): Promise<PeriodValue[]> {
  if (input.periodIds.length === 0) return [];
  const rows = await valuesQuery(trx, input.companyId, input.today)
    .where('v.period_id', 'in', input.periodIds)
    .orderBy('lt.sort_order')
    .orderBy('lt.name')
    .execute();
  return rows.map(toValue);
}

export async function getPeriodValue(trx: DbOrTrx, input: { companyId: string; id: string; today: string }): Promise<PeriodValue | null> {
  const row = await valuesQuery(trx, input.companyId, input.today).where('v.id', '=', input.id).executeTakeFirst();
  return row ? toValue(row) : null;
}

/** The value row with its period and the period's template (for writes). */
export async function findValueForWrite(
  trx: DbOrTrx,
  input: { companyId: string; id: string },
): Promise<(ValueRow & { period_start: string; period_end: string; template_id: string | null }) | null> {
  const row = await trx
    .selectFrom('user_absence_period_values as v')
    .innerJoin('user_absence_periods as p', 'p.id', 'v.period_id')
    .selectAll('v')
    .select(['p.start_date as period_start', 'p.end_date as period_end', 'p.template_id'])
    .where('v.company_id', '=', input.companyId)
    .where('v.id', '=', input.id)
    .executeTakeFirst();
  return row ?? null;
}

/** The user (and company) a value belongs to, before any scope check. */
export async function findValueOwner(
  trx: DbOrTrx,
  input: { companyId: string | null; id: string },
): Promise<{ user_id: string; company_id: string } | null> {
  if (!isUuid(input.id)) return null;
  const row = await trx
    .selectFrom('user_absence_period_values')
    .select(['user_id', 'company_id'])
    .where('id', '=', input.id)
    .$if(input.companyId !== null, (q) => q.where('company_id', '=', input.companyId))
    .executeTakeFirst();
  return row ?? null;
}

export async function listValueLogs(
  trx: DbOrTrx,
  input: { companyId: string; valueId: string; paging: { offset: number; limit: number } },
): Promise<{ results: ValueLog[]; count: number }> {
  const rows = await trx
    .selectFrom('user_absence_period_value_logs as l')
    .leftJoin('users as a', 'a.id', 'l.actor_id')
    .select([
      'l.id',
      'l.value_id',
      'l.change',
      'l.kind',
      'l.reason',
      'l.hours_worked',
      'l.absence_id',
      'l.created_at',
      sql<string | null>`nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.surname, '')), '')`.as('actor_name'),
    ])
    .where('l.company_id', '=', input.companyId)
    .where('l.value_id', '=', input.valueId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const { count } = await trx
    .selectFrom('user_absence_period_value_logs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', input.companyId)
    .where('value_id', '=', input.valueId)
    .executeTakeFirstOrThrow();
  return { results: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })), count: Number(count) };
}

/** The newest log of a value (what a POST answers with). */
export async function latestValueLog(trx: DbOrTrx, input: { companyId: string; valueId: string }): Promise<ValueLog | null> {
  const page = await listValueLogs(trx, { ...input, paging: { offset: 0, limit: 1 } });
  return page.results[0] ?? null;
}
