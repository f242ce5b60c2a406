// A company's organisation lists (locations, tags, termination reasons) and people with the
// directory's fields filled in, made through the owner connection in the system scope, for
// the directory's API suites.
import { sql } from 'kysely';
import { addUser, ownerSql } from './identity-fixtures';
import type { ShellCompany } from './shell-fixtures';
import type { TestApp } from './test-app';

async function insertNamed(t: TestApp, table: 'company_locations' | 'user_tags' | 'termination_reasons', companyId: string, name: string) {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into ${sql.table(table)} (company_id, name) values (${companyId}, ${name}) returning id`,
  );
  if (!row) throw new Error(`no ${table} row`);
  return row.id;
}

export const addLocation = (t: TestApp, companyId: string, name: string) => insertNamed(t, 'company_locations', companyId, name);
export const addTag = (t: TestApp, companyId: string, name: string) => insertNamed(t, 'user_tags', companyId, name);
export const addTerminationReason = (t: TestApp, companyId: string, name = 'Resignation') =>
  insertNamed(t, 'termination_reasons', companyId, name);

export type Employee = { id: string; email: string };

/** A person who is not signed in: the directory's fields as given. */
export async function addEmployee(
  t: TestApp,
  company: ShellCompany,
  options: {
    firstName: string;
    surname: string;
    department?: string;
    status?: 'pending' | 'invited' | 'active' | 'terminated' | 'locked';
    email?: string;
    locationId?: string;
    jobTitle?: string;
    startDate?: string;
    tagIds?: string[];
    terminationDate?: string;
  },
): Promise<Employee> {
  const companyId = company.companyId;
  if (!companyId) throw new Error('addEmployee needs a company');
  const user = await addUser(t, {
    company: { companyId, roleId: company.roles.get('Employee') ?? null },
    firstName: options.firstName,
    surname: options.surname,
    status: options.status ?? 'active',
    departmentId: options.department ? (company.departments[options.department] ?? null) : null,
    ...(options.email ? { email: options.email } : {}),
  });
  await ownerSql(
    t,
    sql`update users set location_id = ${options.locationId ?? null}, job_title = ${options.jobTitle ?? null},
        termination_date = ${options.terminationDate ?? null} where id = ${user.id}`,
  );
  if (options.startDate) {
    await ownerSql(
      t,
      sql`insert into user_employment_details (user_id, company_id, start_date) values (${user.id}, ${companyId}, ${options.startDate})`,
    );
  }
  if (options.jobTitle) {
    await ownerSql(
      t,
      sql`insert into user_job_titles (company_id, user_id, title, start_date)
          values (${companyId}, ${user.id}, ${options.jobTitle}, ${options.startDate ?? '2020-01-01'})`,
    );
  }
  for (const tagId of options.tagIds ?? []) {
    await ownerSql(t, sql`insert into user_user_tags (user_id, tag_id, company_id) values (${user.id}, ${tagId}, ${companyId})`);
  }
  return { id: user.id, email: user.email };
}

/** The row as the database holds it now. */
export async function userRow(t: TestApp, userId: string) {
  const [row] = await ownerSql<{
    status: string;
    termination_date: string | null;
    termination_reason_id: string | null;
    department_id: string | null;
    email: string;
    role_id: string | null;
  }>(t, sql`select status, termination_date, termination_reason_id, department_id, email, role_id from users where id = ${userId}`);
  if (!row) throw new Error('no such user');
  return row;
}

export async function auditActions(t: TestApp, userId: string): Promise<string[]> {
  const rows = await ownerSql<{ action: string }>(t, sql`select action from audit_log where target_id = ${userId} order by id`);
  return rows.map((row) => row.action);
}
