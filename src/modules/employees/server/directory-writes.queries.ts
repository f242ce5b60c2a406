// The SQL of the directory's writes: adding a person, changing their basic record, the bulk
// actions, and the look-ups that check what a request names belongs to the company.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { roleRankOf } from '../../../server/db/role-rank.queries';
import './people-tables';
import { moveToDepartment } from './people-scope.queries';

/** Whether an account anywhere (any company, or none) has this address; call in the system scope. */
export async function isEmailTaken(db: DbOrTrx, input: { email: string; exceptUserId?: string }): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`lower(email) = lower(${input.email})`)
    .$if(input.exceptUserId !== undefined, (q) => q.where('id', '<>', input.exceptUserId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

type Owned = 'departments' | 'company_locations' | 'roles' | 'termination_reasons' | 'user_tags';

/** How many of `ids` are rows of `table` in the company (ids given twice count once). */
export async function countOwned(db: DbOrTrx, input: { table: Owned; companyId: string; ids: readonly string[] }): Promise<number> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom(input.table)
    .select(sql<number>`count(*)`.as('count'))
    .where('company_id', '=', input.companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The company's role of that name (the default "Employee"), if it has one. */
export async function findRoleIdByName(db: DbOrTrx, input: { companyId: string; name: string }): Promise<string | undefined> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('name', '=', input.name)
    .executeTakeFirst();
  return row?.id;
}

export type NewEmployee = {
  companyId: string;
  firstName: string;
  middleNames: string | null;
  surname: string;
  email: string;
  departmentId: string | null;
  locationId: string | null;
  roleId: string | null;
  jobTitle: string | null;
  startDate: string | null;
  /** The job-title record's start: the start date, or today. */
  jobStartDate: string;
};

/** A new person, pending until invited, with their job-title record and start date. */
/** A new person's row, added or imported: pending until they are invited and accept. */
export const newUserColumns = (
  input: Pick<NewEmployee, 'companyId' | 'firstName' | 'surname' | 'email' | 'roleId' | 'departmentId' | 'locationId' | 'jobTitle'>,
) => ({
  company_id: input.companyId,
  first_name: input.firstName,
  surname: input.surname,
  email: input.email,
  status: 'pending' as const,
  role_id: input.roleId,
  department_id: input.departmentId,
  location_id: input.locationId,
  job_title: input.jobTitle,
});

export async function insertEmployee(db: DbOrTrx, input: NewEmployee): Promise<string> {
  const { id } = await db
    .insertInto('users')
    .values({ ...newUserColumns(input), middle_names: input.middleNames })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.jobTitle) {
    await db
      .insertInto('user_job_titles')
      .values({ company_id: input.companyId, user_id: id, title: input.jobTitle, start_date: input.jobStartDate })
      .execute();
  }
  if (input.startDate) {
    await db
      .insertInto('user_employment_details')
      .values({ user_id: id, company_id: input.companyId, start_date: input.startDate })
      .execute();
  }
  return id;
}

export type BasicRow = {
  first_name: string;
  middle_names: string | null;
  surname: string;
  email: string;
  mobile: string | null;
  department_id: string | null;
  location_id: string | null;
  role_id: string | null;
  authorised_contact: boolean;
};

export async function getBasicRow(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<BasicRow | undefined> {
  return db
    .selectFrom('users')
    .select(['first_name', 'middle_names', 'surname', 'email', 'mobile', 'department_id', 'location_id', 'role_id', 'authorised_contact'])
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
}

/** The rank (roleRank) of one of the company's roles; undefined when it is not the company's. */
export async function findRoleRank(db: DbOrTrx, input: { companyId: string; roleId: string }): Promise<number | undefined> {
  const row = await db
    .selectFrom('roles as r')
    .select(roleRankOf(sql.ref('r.id')).as('rank'))
    .where('r.id', '=', input.roleId)
    .where('r.company_id', '=', input.companyId)
    .executeTakeFirst();
  return row?.rank;
}

export async function updateBasicRow(db: DbOrTrx, input: { companyId: string; userId: string; change: Partial<BasicRow> }): Promise<void> {
  const { department_id: departmentId, ...change } = input.change;
  if (departmentId !== undefined) await moveToDepartment(db, { companyId: input.companyId, userIds: [input.userId], departmentId });
  if (Object.keys(change).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...change, updated_at: sql<Date>`now()` })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .execute();
}

/** Every pair of person and tag; pairs that exist already stay as they are. */
export async function addUserTags(
  db: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; tagIds: readonly string[] },
): Promise<void> {
  const values = input.userIds.flatMap((userId) =>
    input.tagIds.map((tagId) => ({ user_id: userId, tag_id: tagId, company_id: input.companyId })),
  );
  await db
    .insertInto('user_user_tags')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'tag_id']).doNothing())
    .execute();
}

export async function removeUserTags(
  db: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; tagIds: readonly string[] },
): Promise<void> {
  await db
    .deleteFrom('user_user_tags')
    .where('company_id', '=', input.companyId)
    .where('user_id', 'in', [...input.userIds])
    .where('tag_id', 'in', [...input.tagIds])
    .execute();
}
