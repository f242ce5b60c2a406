// The SQL of employment details (with the user row's department and location and the line
// managers), the bank-holiday region, the lookups the record forms check references against,
// and finding whose record an id is. Every query takes the company it runs for.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { BankHolidaySetting, EmploymentDetails, NamedRef } from '../employment-records.contract';
import { DEFAULT_BANK_HOLIDAY_REGION, type BankHolidayRegionName } from '../employment-records.contract';
import './people-tables';
import type { ContractValues, JobTitleValues, PayRateValues } from './employment-history.queries';
import type { WorkingPatternValues } from './working-patterns.queries';
import type { WorkPermitValues } from './work-permits.queries';
import { moveToDepartment } from './people-scope.queries';

export type RecordTable = 'user_job_titles' | 'user_contracts' | 'user_work_permits' | 'user_pay_rates' | 'user_working_patterns';
/** Company lists a record may point at. */
export type ReferenceTable =
  'contract_types' | 'company_locations' | 'departments' | 'company_positions' | 'company_pay_rate_types' | 'working_pattern_templates';

type Scoped = { companyId: string; userId: string };

const fullName = (alias: 'u' | 'm') => sql<string>`concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.surname`)})`;

export async function getEmploymentDetails(db: DbOrTrx, { companyId, userId }: Scoped): Promise<EmploymentDetails | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('user_employment_details as e', 'e.user_id', 'u.id')
    .leftJoin('contract_types as ct', 'ct.id', 'e.contract_type_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('company_locations as l', 'l.id', 'u.location_id')
    .select([
      'u.id as user_id',
      'e.start_date',
      'e.continuous_service_date',
      'e.probation_end_date',
      'e.contract_type_id',
      'ct.name as contract_type_name',
      'e.hours_per_week',
      'e.employee_number',
      'e.average_weekly_earnings',
      'u.department_id',
      'd.name as department_name',
      'u.location_id',
      'l.name as location_name',
      sql<NamedRef[]>`coalesce((
        SELECT json_agg(json_build_object('id', m.id, 'name', concat_ws(' ', m.first_name, m.surname)) ORDER BY m.surname, m.first_name)
        FROM user_line_managers lm JOIN users m ON m.id = lm.manager_id WHERE lm.user_id = u.id), '[]'::json)`.as('line_managers'),
    ])
    .where('u.id', '=', userId)
    .where('u.company_id', '=', companyId)
    .executeTakeFirst()
    .then((row) =>
      row
        ? {
            ...row,
            start_date: row.start_date ?? null,
            continuous_service_date: row.continuous_service_date ?? null,
            probation_end_date: row.probation_end_date ?? null,
          }
        : undefined,
    );
}

export type EmploymentValues = Partial<{
  start_date: string | null;
  continuous_service_date: string | null;
  probation_end_date: string | null;
  contract_type_id: string | null;
  hours_per_week: number | null;
  employee_number: string | null;
  average_weekly_earnings: number | null;
}>;

/** Writes the given fields only; the row appears on the first write. */
export async function upsertEmploymentDetails(db: DbOrTrx, input: Scoped & { values: EmploymentValues }): Promise<void> {
  if (Object.keys(input.values).length === 0) return;
  await db
    .insertInto('user_employment_details')
    .values({ user_id: input.userId, company_id: input.companyId, ...input.values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...input.values, updated_at: sql<Date>`now()` }))
    .execute();
}

/** Sets the user row's department (see moveToDepartment) and location. */
export async function updateUserPlacement(
  db: DbOrTrx,
  input: Scoped & { values: Partial<{ department_id: string | null; location_id: string | null }> },
): Promise<void> {
  const { department_id: departmentId, location_id: locationId } = input.values;
  if (departmentId !== undefined) await moveToDepartment(db, { companyId: input.companyId, userIds: [input.userId], departmentId });
  if (locationId === undefined) return;
  await db
    .updateTable('users')
    .set({ location_id: locationId, updated_at: sql<Date>`now()` })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .execute();
}

export async function replaceLineManagers(db: DbOrTrx, input: Scoped & { managerIds: readonly string[] }): Promise<void> {
  await db.deleteFrom('user_line_managers').where('company_id', '=', input.companyId).where('user_id', '=', input.userId).execute();
  if (input.managerIds.length === 0) return;
  await db
    .insertInto('user_line_managers')
    .values(
      [...new Set(input.managerIds)].map((managerId) => ({ user_id: input.userId, manager_id: managerId, company_id: input.companyId })),
    )
    .execute();
}

/** Active colleagues by name (first, surname or both), for choosing line managers. */
export async function findLineManagerOptions(db: DbOrTrx, input: Scoped & { search?: string; limit: number }): Promise<NamedRef[]> {
  const pattern = input.search ? `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .selectFrom('users as u')
    .select(['u.id', fullName('u').as('name')])
    .where('u.company_id', '=', input.companyId)
    .where('u.status', '=', 'active')
    .where('u.id', '!=', input.userId)
    .$if(pattern !== null, (q) => q.where(fullName('u'), 'ilike', pattern ?? ''))
    .orderBy(sql`lower(u.surname)`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy('u.id')
    .limit(input.limit)
    .execute();
}

/** Of `ids`, those naming a row of `table` in the company. */
export async function findExistingReferences(
  db: DbOrTrx,
  input: { table: ReferenceTable; companyId: string; ids: readonly string[] },
): Promise<Set<string>> {
  if (input.ids.length === 0) return new Set();
  // Every reference table has id and company_id; the one table type stands for all of them.
  const table = input.table as 'contract_types';
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('id', 'in', [...input.ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Of `ids`, the company's active users. */
export async function findActiveUserIds(db: DbOrTrx, input: { companyId: string; ids: readonly string[] }): Promise<Set<string>> {
  if (input.ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('status', '=', 'active')
    .where('id', 'in', [...input.ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The user a record belongs to; `companyId` null (system scope) finds it in any company. */
export async function findRecordOwner(
  db: DbOrTrx,
  input: { table: RecordTable; id: string; companyId: string | null },
): Promise<string | undefined> {
  // Every record table has id, company_id and user_id; the one table type stands for all of them.
  const table = input.table as 'user_contracts';
  const row = await db
    .selectFrom(table)
    .select('user_id')
    .where('id', '=', input.id)
    .$if(input.companyId !== null, (q) => q.where('company_id', '=', input.companyId))
    .executeTakeFirst();
  return row?.user_id;
}

/** What each record table is written with (its company and person come from `Scoped`). */
type RecordValues = {
  user_job_titles: JobTitleValues;
  user_contracts: ContractValues;
  user_pay_rates: PayRateValues;
  user_work_permits: WorkPermitValues;
  user_working_patterns: WorkingPatternValues;
};

export async function insertRecord<T extends RecordTable>(
  db: DbOrTrx,
  input: Scoped & { table: T; values: RecordValues[T] },
): Promise<string> {
  // Every record table has id, company_id and user_id; the one table type stands for all of them.
  const table = input.table as 'user_contracts';
  const row = await db
    .insertInto(table)
    .values({ company_id: input.companyId, user_id: input.userId, ...(input.values as ContractValues) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** false when the person has no such record. */
export async function updateRecord<T extends RecordTable>(
  db: DbOrTrx,
  input: Scoped & { table: T; id: string; values: RecordValues[T] },
): Promise<boolean> {
  const table = input.table as 'user_contracts';
  const row = await db
    .updateTable(table)
    .set(input.values as ContractValues)
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRecord(db: DbOrTrx, input: Scoped & { table: RecordTable; id: string }): Promise<boolean> {
  const table = input.table as 'user_contracts';
  const result = await db
    .deleteFrom(table)
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---- Bank-holiday region: the person's override, else their location's, else England and Wales.

export async function getBankHolidaySetting(db: DbOrTrx, { companyId, userId }: Scoped): Promise<BankHolidaySetting | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('user_bank_holiday_regions as o', 'o.user_id', 'u.id')
    .leftJoin('company_locations as l', 'l.id', 'u.location_id')
    .select(['u.id', 'o.bank_holiday_region as override', 'l.bank_holiday_region as location_region'])
    .where('u.id', '=', userId)
    .where('u.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  const override = row.override as BankHolidayRegionName | null;
  const location = row.location_region as BankHolidayRegionName | null;
  return {
    user_id: row.id,
    bank_holiday_region: override ?? location ?? DEFAULT_BANK_HOLIDAY_REGION,
    source: override ? 'override' : location ? 'location' : 'default',
    location_region: location,
  };
}

export async function setBankHolidayOverride(db: DbOrTrx, input: Scoped & { region: BankHolidayRegionName | null }): Promise<void> {
  if (input.region === null) {
    await db
      .deleteFrom('user_bank_holiday_regions')
      .where('company_id', '=', input.companyId)
      .where('user_id', '=', input.userId)
      .execute();
    return;
  }
  await db
    .insertInto('user_bank_holiday_regions')
    .values({ user_id: input.userId, company_id: input.companyId, bank_holiday_region: input.region })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ bank_holiday_region: input.region ?? DEFAULT_BANK_HOLIDAY_REGION, updated_at: sql<Date>`now()` }),
    )
    .execute();
}
