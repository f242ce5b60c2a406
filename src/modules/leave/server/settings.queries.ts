// The SQL of the company's leave settings: leave types, policy templates, the leave-year
// start, blocked date periods and the company's own bank holidays. Every query filters by
// company besides row-level security.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { BankHoliday, BlockedDatePeriod, CompanyLeaveSettings, LeaveType, PolicyTemplate } from '../leave-settings.contract';
import type { BankHolidayRegion, ServiceStep } from '../leave.contract';
import type { PolicyTemplateRow } from './balances';

// ---- Leave types -------------------------------------------------------------------------

const leaveTypeColumns = ['id', 'key', 'name', 'paid', 'deducted', 'needs_approval', 'colour', 'sort_order', 'archived_at'] as const;
type LeaveTypeRow = Omit<LeaveType, 'archived'> & { archived_at: Date | null };
const toLeaveType = ({ archived_at, ...row }: LeaveTypeRow): LeaveType => ({ ...row, archived: archived_at !== null });

export async function listLeaveTypes(trx: DbOrTrx, input: { companyId: string; includeArchived: boolean }): Promise<LeaveType[]> {
  const rows = await trx
    .selectFrom('leave_types')
    .select(leaveTypeColumns)
    .where('company_id', '=', input.companyId)
    .$if(!input.includeArchived, (q) => q.where('archived_at', 'is', null))
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  return rows.map(toLeaveType);
}

export async function getLeaveType(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<LeaveType | null> {
  const row = await trx
    .selectFrom('leave_types')
    .select(leaveTypeColumns)
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row ? toLeaveType(row) : null;
}

export type LeaveTypeValues = {
  name: string;
  paid: boolean;
  deducted: boolean;
  needs_approval: boolean;
  colour: string;
  archived: boolean;
};

export async function insertLeaveType(trx: Trx, input: { companyId: string; values: LeaveTypeValues }): Promise<LeaveType> {
  const { archived, ...values } = input.values;
  const row = await trx
    .insertInto('leave_types')
    .values({ company_id: input.companyId, ...values, sort_order: 100, archived_at: archived ? new Date() : null })
    .returning(leaveTypeColumns)
    .executeTakeFirstOrThrow();
  return toLeaveType(row);
}

export async function updateLeaveType(
  trx: Trx,
  input: { companyId: string; id: string; values: LeaveTypeValues },
): Promise<LeaveType | null> {
  const { archived, ...values } = input.values;
  const row = await trx
    .updateTable('leave_types')
    .set({ ...values, archived_at: archived ? sql<Date>`coalesce(archived_at, now())` : null })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .returning(leaveTypeColumns)
    .executeTakeFirst();
  return row ? toLeaveType(row) : null;
}

export async function countAbsencesOfType(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<number> {
  const row = await trx
    .selectFrom('user_absences')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', input.companyId)
    .where('leave_type_id', '=', input.id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- Policy templates --------------------------------------------------------------------

const usersCount = sql<number>`(select count(*) from user_absence_policies p where p.template_id = absence_policy_templates.id)::int`;

const toTemplate = (row: PolicyTemplateRow & { users_count: number }): PolicyTemplate => ({
  id: row.id,
  name: row.name,
  unit: row.unit,
  allowance: row.allowance,
  full_time_days_per_week: row.full_time_days_per_week,
  full_time_hours_per_week: row.full_time_hours_per_week,
  bank_holidays: row.bank_holidays,
  accrual: row.accrual,
  carry_over_max: row.carry_over_max,
  carry_over_expiry_months: row.carry_over_expiry_months,
  allow_negative: row.allow_negative,
  service_steps: row.service_steps,
  is_default: row.is_default,
  users_count: Number(row.users_count),
});

export async function listTemplates(trx: DbOrTrx, companyId: string): Promise<PolicyTemplate[]> {
  const rows = await trx
    .selectFrom('absence_policy_templates')
    .selectAll()
    .select(usersCount.as('users_count'))
    .where('company_id', '=', companyId)
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .execute();
  return rows.map(toTemplate);
}

export async function getTemplate(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<PolicyTemplate | null> {
  const row = await trx
    .selectFrom('absence_policy_templates')
    .selectAll()
    .select(usersCount.as('users_count'))
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export type TemplateValues = Omit<PolicyTemplate, 'id' | 'users_count' | 'service_steps'> & { service_steps: ServiceStep[] };

const templateColumns = (values: TemplateValues) => ({
  ...values,
  service_steps: JSON.stringify([...values.service_steps].sort((a, b) => a.after_years - b.after_years)),
});

export async function insertTemplate(trx: Trx, input: { companyId: string; values: TemplateValues }): Promise<string> {
  const row = await trx
    .insertInto('absence_policy_templates')
    .values({ company_id: input.companyId, ...templateColumns(input.values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(trx: Trx, input: { companyId: string; id: string; values: TemplateValues }): Promise<boolean> {
  const result = await trx
    .updateTable('absence_policy_templates')
    .set(templateColumns(input.values))
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One default per company: setting one clears the others. */
export async function clearOtherDefaults(trx: Trx, input: { companyId: string; exceptId: string }): Promise<void> {
  await trx
    .updateTable('absence_policy_templates')
    .set({ is_default: false })
    .where('company_id', '=', input.companyId)
    .where('id', '<>', input.exceptId)
    .where('is_default', '=', true)
    .execute();
}

// ---- Company leave settings --------------------------------------------------------------

export async function getLeaveSettings(trx: DbOrTrx, companyId: string): Promise<CompanyLeaveSettings> {
  const row = await trx
    .selectFrom('company_leave_settings')
    .select(['leave_year_start_month', 'leave_year_start_day', 'rolled_up_holiday_pay'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ?? { leave_year_start_month: 1, leave_year_start_day: 1, rolled_up_holiday_pay: false };
}

/** Whether the company has looked at its leave policy: saved its leave settings or added a policy beside the default. */
export async function leavePolicyReviewed(trx: DbOrTrx, companyId: string): Promise<boolean> {
  const { rows } = await sql<{ reviewed: boolean }>`
    select exists (select 1 from company_leave_settings where company_id = ${companyId})
      or (select count(*) from absence_policy_templates where company_id = ${companyId}) > 1 as reviewed
  `.execute(trx);
  return rows[0]?.reviewed ?? false;
}

/** Saves the settings; a value left out (undefined) stays as it was. */
export async function saveLeaveSettings(
  trx: Trx,
  input: {
    companyId: string;
    values: Omit<CompanyLeaveSettings, 'rolled_up_holiday_pay'> & { rolled_up_holiday_pay?: boolean | undefined };
  },
): Promise<void> {
  await trx
    .insertInto('company_leave_settings')
    .values({ company_id: input.companyId, ...input.values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...input.values, updated_at: sql`now()` }))
    .execute();
}

// ---- Blocked date periods ----------------------------------------------------------------

function blockedQuery(trx: DbOrTrx, companyId: string) {
  return trx
    .selectFrom('blocked_date_periods as b')
    .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'b.department_id').on('d.company_id', '=', companyId))
    .select(['b.id', 'b.name', 'b.start_date', 'b.end_date', 'b.department_id', 'd.name as department_name', 'b.notes'])
    .where('b.company_id', '=', companyId);
}

export async function listBlocked(
  trx: DbOrTrx,
  input: { companyId: string; from?: string | undefined; to?: string | undefined; paging: { offset: number; limit: number } },
): Promise<{ results: BlockedDatePeriod[]; count: number }> {
  let query = blockedQuery(trx, input.companyId);
  if (input.from) query = query.where('b.end_date', '>=', input.from);
  if (input.to) query = query.where('b.start_date', '<=', input.to);
  const results = await query.orderBy('b.start_date').orderBy('b.name').offset(input.paging.offset).limit(input.paging.limit).execute();
  let counter = trx
    .selectFrom('blocked_date_periods as b')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('b.company_id', '=', input.companyId);
  if (input.from) counter = counter.where('b.end_date', '>=', input.from);
  if (input.to) counter = counter.where('b.start_date', '<=', input.to);
  const { count } = await counter.executeTakeFirstOrThrow();
  return { results, count: Number(count) };
}

export async function getBlocked(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<BlockedDatePeriod | null> {
  const row = await blockedQuery(trx, input.companyId).where('b.id', '=', input.id).executeTakeFirst();
  return row ?? null;
}

export type BlockedValues = { name: string; start_date: string; end_date: string; department_id: string | null; notes: string | null };

export async function insertBlocked(trx: Trx, input: { companyId: string; values: BlockedValues }): Promise<string> {
  const row = await trx
    .insertInto('blocked_date_periods')
    .values({ company_id: input.companyId, ...input.values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBlocked(trx: Trx, input: { companyId: string; id: string; values: BlockedValues }): Promise<boolean> {
  const result = await trx
    .updateTable('blocked_date_periods')
    .set(input.values)
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function departmentInCompany(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<boolean> {
  const row = await trx
    .selectFrom('departments')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- The company's own bank holidays -----------------------------------------------------

const toCompanyDay = (row: { id: string; date: string; name: string; region: BankHolidayRegion | null }): BankHoliday => ({
  ...row,
  projected: false,
  company_added: true,
});

export async function listCompanyBankHolidays(
  trx: DbOrTrx,
  input: { companyId: string; region?: BankHolidayRegion | undefined; from?: string; to?: string },
): Promise<BankHoliday[]> {
  let query = trx.selectFrom('company_bank_holidays').select(['id', 'date', 'name', 'region']).where('company_id', '=', input.companyId);
  if (input.region) {
    const region = input.region;
    query = query.where((eb) => eb.or([eb('region', '=', region), eb('region', 'is', null)]));
  }
  if (input.from) query = query.where('date', '>=', input.from);
  if (input.to) query = query.where('date', '<=', input.to);
  const rows = await query.orderBy('date').orderBy('name').execute();
  return rows.map(toCompanyDay);
}

export async function insertCompanyBankHoliday(
  trx: Trx,
  input: { companyId: string; values: { date: string; name: string; region: BankHolidayRegion | null } },
): Promise<BankHoliday> {
  const row = await trx
    .insertInto('company_bank_holidays')
    .values({ company_id: input.companyId, ...input.values })
    .returning(['id', 'date', 'name', 'region'])
    .executeTakeFirstOrThrow();
  return toCompanyDay(row);
}
