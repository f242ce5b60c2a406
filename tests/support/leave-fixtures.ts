// A company for the leave suites: Operations and Office departments; an owner, an HR admin,
// the Operations manager (Marta, line manager of Ella), the Office manager (Otto), Ella and a
// colleague (Colin) in Operations, and Oscar in Office. Everyone works Monday to Friday,
// 7.5 hours, in England and Wales, started on 1 January 2020. Made through the owner
// connection in the system scope; sign in with `token(name)`.
import { sql } from 'kysely';
import { addCompanyWithRoles, addUser, inCompany, ownerSql, signIn, type CompanyFixture, type UserFixture } from './identity-fixtures';
import { ensureValue, logValueChange, type PeriodRow } from '../../src/modules/leave/server/balances';
import type { Trx } from '../../src/server/db/database';
import type { TestApp } from './test-app';

export const LEAVE_PEOPLE = ['owner', 'hr', 'manager', 'otherManager', 'employee', 'colleague', 'office'] as const;
export type LeavePerson = (typeof LEAVE_PEOPLE)[number];

export type LeaveCompany = CompanyFixture & {
  people: Record<LeavePerson, UserFixture>;
  /** The company's default "Statutory (5.6 weeks)" template (made by migration 0013's trigger). */
  statutoryTemplateId: string;
  /** Signs the person in once and keeps the token. */
  token: (person: LeavePerson) => Promise<string>;
};

const PEOPLE: Record<LeavePerson, { role: string; department: 'Operations' | 'Office' | null; first: string; surname: string }> = {
  owner: { role: 'Owner', department: null, first: 'Olive', surname: 'Owner' },
  hr: { role: 'HR admin', department: null, first: 'Hana', surname: 'Reed' },
  manager: { role: 'Manager', department: 'Operations', first: 'Marta', surname: 'Manning' },
  otherManager: { role: 'Manager', department: 'Office', first: 'Otto', surname: 'Marsh' },
  employee: { role: 'Employee', department: 'Operations', first: 'Ella', surname: 'Evans' },
  colleague: { role: 'Employee', department: 'Operations', first: 'Colin', surname: 'Cole' },
  office: { role: 'Employee', department: 'Office', first: 'Oscar', surname: 'Oakes' },
};

export async function addLeaveCompany(t: TestApp, options: { name?: string; assignPolicy?: boolean } = {}): Promise<LeaveCompany> {
  const company = await addCompanyWithRoles(t, { name: options.name, departments: ['Operations', 'Office'] });
  const people = {} as Record<LeavePerson, UserFixture>;
  for (const key of LEAVE_PEOPLE) {
    const spec = PEOPLE[key];
    people[key] = await addUser(t, {
      company: inCompany(company, spec.role),
      firstName: spec.first,
      surname: spec.surname,
      departmentId: spec.department ? (company.departments[spec.department] ?? null) : null,
    });
    await ownerSql(
      t,
      sql`insert into user_employment_details (user_id, company_id, start_date) values (${people[key].id}, ${company.companyId}, '2020-01-01')`,
    );
    await ownerSql(
      t,
      sql`insert into user_working_patterns (company_id, user_id, start_date, mon_hours, tue_hours, wed_hours, thu_hours, fri_hours)
          values (${company.companyId}, ${people[key].id}, '2020-01-01', 7.5, 7.5, 7.5, 7.5, 7.5)`,
    );
  }
  await ownerSql(
    t,
    sql`insert into user_line_managers (user_id, manager_id, company_id) values (${people.employee.id}, ${people.manager.id}, ${company.companyId})`,
  );
  const [template] = await ownerSql<{ id: string }>(
    t,
    sql`select id from absence_policy_templates where company_id = ${company.companyId} and is_default`,
  );
  if (!template) throw new Error('no default absence policy template');
  if (options.assignPolicy ?? true) {
    for (const key of LEAVE_PEOPLE) {
      await ownerSql(
        t,
        sql`insert into user_absence_policies (user_id, company_id, template_id) values (${people[key].id}, ${company.companyId}, ${template.id})`,
      );
    }
  }
  const tokens = new Map<LeavePerson, string>();
  const token = async (person: LeavePerson) => {
    const known = tokens.get(person);
    if (known) return known;
    const fresh = await signIn(t, people[person]);
    tokens.set(person, fresh);
    return fresh;
  };
  return { ...company, people, statutoryTemplateId: template.id, token };
}

/** The id of a leave type of the company by its built-in key. */
export async function leaveTypeId(t: TestApp, companyId: string, key: string): Promise<string> {
  const [row] = await ownerSql<{ id: string }>(t, sql`select id from leave_types where company_id = ${companyId} and key = ${key}`);
  if (!row) throw new Error(`no leave type ${key}`);
  return row.id;
}

/** Approved annual leave of `days` working days in `period`, deducted from its annual-leave value as the app does, in the caller's transaction. */
export async function takeAnnualLeave(
  trx: Trx,
  input: { companyId: string; userId: string; leaveTypeId: string; period: PeriodRow; start: string; end: string; days: number },
): Promise<void> {
  const value = await ensureValue(trx, { companyId: input.companyId, period: input.period, leaveTypeId: input.leaveTypeId, unit: 'days' });
  const absence = await trx
    .insertInto('user_absences')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      leave_type_id: input.leaveTypeId,
      period_id: input.period.id,
      start_date: input.start,
      end_date: input.end,
      duration_type: 'days',
      deduction: input.days,
      status: 'approved',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logValueChange(trx, {
    companyId: input.companyId,
    valueId: value.id,
    userId: input.userId,
    change: -input.days,
    kind: 'absence',
    reason: 'Annual leave',
    absenceId: absence.id,
  });
}
