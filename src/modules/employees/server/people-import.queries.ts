// The SQL of importing people: the company's lists and people as the plan matches names and
// e-mail addresses against them, the accounts of other companies (system scope), adding the
// missing list items, writing each person, and the company's remembered column mapping.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { WeekHours } from '../employment-records.contract';
import { newUserColumns } from './directory-writes.queries';
import './people-tables';

declare module '../../../server/db/schema' {
  interface Database {
    people_import_mappings: { company_id: string; mapping: Record<string, string>; updated_at: Date };
  }
}

export type ListTable = 'departments' | 'company_locations' | 'company_positions' | 'contract_types';

/** The company's items of a list: lower-case name → id. */
export async function findListNames(db: DbOrTrx, input: { companyId: string; table: ListTable }): Promise<Map<string, string>> {
  const table = input.table as 'departments';
  const rows = await db.selectFrom(table).select(['id', 'name']).where('company_id', '=', input.companyId).execute();
  return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));
}

/** The company's working-pattern templates: lower-case name → hours. */
export async function findPatternTemplates(db: DbOrTrx, companyId: string): Promise<Map<string, { id: string; hours: WeekHours }>> {
  const rows = await db
    .selectFrom('working_pattern_templates')
    .select(['id', 'name', 'mon_hours', 'tue_hours', 'wed_hours', 'thu_hours', 'fri_hours', 'sat_hours', 'sun_hours'])
    .where('company_id', '=', companyId)
    .execute();
  return new Map(rows.map(({ id, name, ...hours }) => [name.trim().toLowerCase(), { id, hours }]));
}

export type CompanyPerson = {
  id: string;
  email: string;
  status: string;
  first_name: string;
  surname: string;
  department_id: string | null;
  location_id: string | null;
  job_title: string | null;
};

/** The company's people with any of these addresses (compared without case). */
export async function findCompanyPeopleByEmail(
  db: DbOrTrx,
  input: { companyId: string; emails: readonly string[] },
): Promise<CompanyPerson[]> {
  if (input.emails.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'status', 'first_name', 'surname', 'department_id', 'location_id', 'job_title'])
    .where('company_id', '=', input.companyId)
    .where(sql<boolean>`lower(email) = any(${sql.val(input.emails.map((email) => email.toLowerCase()))}::text[])`)
    .execute();
}

/** Of these addresses (lower case), those an account outside the company has; call in the system scope. */
export async function findEmailsTakenElsewhere(db: DbOrTrx, input: { companyId: string; emails: readonly string[] }): Promise<Set<string>> {
  if (input.emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where(sql<boolean>`lower(email) = any(${sql.val(input.emails.map((email) => email.toLowerCase()))}::text[])`)
    .where(sql<boolean>`company_id is distinct from ${input.companyId}`)
    .execute();
  return new Set(rows.map((row) => row.email));
}

/** Adds list items by name; returns lower-case name → id of those added. */
export async function insertListItems(
  db: DbOrTrx,
  input: { companyId: string; table: 'departments' | 'company_locations' | 'company_positions'; names: readonly string[] },
): Promise<Map<string, string>> {
  if (input.names.length === 0) return new Map();
  const table = input.table as 'departments';
  const rows = await db
    .insertInto(table)
    .values(input.names.map((name) => ({ company_id: input.companyId, name })))
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));
}

export type NewPersonRow = {
  companyId: string;
  firstName: string;
  surname: string;
  email: string;
  roleId: string | null;
  departmentId: string | null;
  locationId: string | null;
  jobTitle: string | null;
  positionId: string | null;
  /** The job-title record's start: the start date, or today. */
  jobStartDate: string;
};

/** A job-title record from `startDate`, and the user row's current title. */
export async function insertJobTitle(
  db: DbOrTrx,
  input: { companyId: string; userId: string; title: string; positionId: string | null; startDate: string },
): Promise<void> {
  await db
    .insertInto('user_job_titles')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      title: input.title,
      position_id: input.positionId,
      start_date: input.startDate,
    })
    .execute();
  await db
    .updateTable('users')
    .set({ job_title: input.title })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .execute();
}

/** The names of an existing person and where they sit (department moves go through moveToDepartment first). */
export async function updateImportedPerson(
  db: DbOrTrx,
  input: { companyId: string; userId: string; change: Partial<{ first_name: string; surname: string; location_id: string | null }> },
): Promise<void> {
  if (Object.keys(input.change).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...input.change, updated_at: sql<Date>`now()` })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .execute();
}

/** The person's pattern in force today, as hours. */
export async function findCurrentWeek(
  db: DbOrTrx,
  input: { companyId: string; userId: string; date: string },
): Promise<WeekHours | undefined> {
  return db
    .selectFrom('user_working_patterns')
    .select(['mon_hours', 'tue_hours', 'wed_hours', 'thu_hours', 'fri_hours', 'sat_hours', 'sun_hours'])
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .where('start_date', '<=', input.date)
    .orderBy('start_date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertWorkingPattern(
  db: DbOrTrx,
  input: { companyId: string; userId: string; startDate: string; templateId: string | null; hours: WeekHours },
): Promise<void> {
  await db
    .insertInto('user_working_patterns')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      start_date: input.startDate,
      template_id: input.templateId,
      ...input.hours,
    })
    .execute();
}

/** The company's remembered mapping: header key → field ('' for a column left out). */
export async function getImportMapping(db: DbOrTrx, companyId: string): Promise<Record<string, string> | undefined> {
  const row = await db.selectFrom('people_import_mappings').select('mapping').where('company_id', '=', companyId).executeTakeFirst();
  return row?.mapping;
}

export async function saveImportMapping(db: DbOrTrx, input: { companyId: string; mapping: Record<string, string> }): Promise<void> {
  const mapping = JSON.stringify(input.mapping);
  await db
    .insertInto('people_import_mappings')
    .values({ company_id: input.companyId, mapping: sql`${mapping}::jsonb`, updated_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ mapping: sql`${mapping}::jsonb`, updated_at: sql<Date>`now()` }))
    .execute();
}

/** Rows per statement of the batched inserts: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Many new people at once, pending until invited, with their job-title records; lower-case e-mail → id. */
export async function insertImportedPeople(db: DbOrTrx, rows: readonly NewPersonRow[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(rows)) {
    const inserted = await db.insertInto('users').values(part.map(newUserColumns)).returning(['id', 'email']).execute();
    for (const row of inserted) ids.set(row.email.toLowerCase(), row.id);
    const titles = part.flatMap((input) => {
      const userId = ids.get(input.email.toLowerCase());
      return input.jobTitle && userId
        ? [
            {
              company_id: input.companyId,
              user_id: userId,
              title: input.jobTitle,
              position_id: input.positionId,
              start_date: input.jobStartDate,
            },
          ]
        : [];
    });
    if (titles.length > 0) await db.insertInto('user_job_titles').values(titles).execute();
  }
  return ids;
}

type PerPerson<T> = { userId: string; values: T };

/** The first rows of per-person records for people just added (none exist yet): one statement per table. */
export async function insertNewPeopleRecords(
  db: DbOrTrx,
  input: {
    companyId: string;
    employment: PerPerson<{ start_date?: string | null; contract_type_id?: string | null }>[];
    contact: PerPerson<Record<string, string | null | undefined>>[];
    personal: PerPerson<{ date_of_birth?: string | null; ni_number?: string | null }>[];
    patterns: PerPerson<WeekHours & { start_date: string; template_id: string | null }>[];
  },
): Promise<void> {
  const { companyId } = input;
  // Every row of one statement names the same columns: a value not given is written as null.
  const rowsOf = <T extends object>(items: PerPerson<T>[], columns: readonly string[]) =>
    items.map(({ userId, values }) => ({
      user_id: userId,
      company_id: companyId,
      ...Object.fromEntries(columns.map((column) => [column, (values as Record<string, unknown>)[column] ?? null])),
    }));
  const contactColumns = ['address_line1', 'address_line2', 'town', 'county', 'postcode', 'personal_email', 'mobile_phone'];
  for (const part of chunks(input.employment)) {
    await db
      .insertInto('user_employment_details')
      .values(rowsOf(part, ['start_date', 'contract_type_id']))
      .execute();
  }
  for (const part of chunks(input.contact)) {
    await db.insertInto('user_contact_details').values(rowsOf(part, contactColumns)).execute();
  }
  for (const part of chunks(input.personal)) {
    await db
      .insertInto('user_personal_details')
      .values(rowsOf(part, ['date_of_birth', 'ni_number']))
      .execute();
  }
  for (const part of chunks(input.patterns)) {
    await db
      .insertInto('user_working_patterns')
      .values(part.map(({ userId, values }) => ({ user_id: userId, company_id: companyId, ...values })))
      .execute();
  }
}

/** Line managers of many people at once: each person's list replaced by the one manager named. */
export async function setLineManagers(
  db: DbOrTrx,
  input: { companyId: string; pairs: { userId: string; managerId: string }[] },
): Promise<void> {
  for (const part of chunks(input.pairs)) {
    await db
      .deleteFrom('user_line_managers')
      .where('company_id', '=', input.companyId)
      .where(
        'user_id',
        'in',
        part.map((pair) => pair.userId),
      )
      .execute();
    await db
      .insertInto('user_line_managers')
      .values(part.map((pair) => ({ company_id: input.companyId, user_id: pair.userId, manager_id: pair.managerId })))
      .execute();
  }
}
