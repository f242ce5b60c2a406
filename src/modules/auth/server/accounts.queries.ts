// Companies, their roles, departments and people: created (the demo seed, test fixtures and
// administrators making a company all go through setUpCompany) and found.
import type { DbOrTrx } from '../../../server/db/database';
import type { NewAccount, NewCompany } from '../../../server/module-hooks';
import type { RoleTemplate } from '../../../server/roles';

export async function createCompany(db: DbOrTrx, input: { name: string; number?: string; sectorName?: string }): Promise<string> {
  const row = await db
    .insertInto('companies')
    .values({ name: input.name, number: input.number ?? null, sector_name: input.sectorName ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What every new company needs to work: the company, its default roles (from the modules'
 * grants: PRODUCT_ROLES.company) and its departments. The modules' own defaults come with the
 * row (the leave types and statutory policy by trigger; company settings read their defaults
 * until first saved). Returns the role ids by name.
 */
export async function setUpCompany(
  db: DbOrTrx,
  input: NewCompany,
): Promise<{ companyId: string; roles: Map<string, string>; departments: Record<string, string> }> {
  const companyId = await createCompany(db, input);
  const roles = new Map<string, string>();
  for (const template of input.roles) roles.set(template.name, await createRole(db, { companyId, template }));
  const departments: Record<string, string> = {};
  for (const name of input.departments ?? []) departments[name] = await createDepartment(db, { companyId, name });
  return { companyId, roles, departments };
}

export async function createDepartment(db: DbOrTrx, input: { companyId: string; name: string }): Promise<string> {
  const row = await db
    .insertInto('departments')
    .values({ company_id: input.companyId, name: input.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createRole(db: DbOrTrx, input: { companyId: string | null; template: RoleTemplate }): Promise<string> {
  const role = await db
    .insertInto('roles')
    .values({ company_id: input.companyId, name: input.template.name, docs_only: input.template.docsOnly })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.template.permissions.length) {
    await db
      .insertInto('role_permissions')
      .values(
        input.template.permissions.map((p) => ({
          role_id: role.id,
          company_id: input.companyId,
          endpoint: p.endpoint,
          method: p.method,
          type: p.type,
        })),
      )
      .execute();
  }
  return role.id;
}

export async function createUser(db: DbOrTrx, input: NewAccount): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      ...(input.id ? { id: input.id } : {}),
      company_id: input.companyId,
      email: input.email,
      first_name: input.firstName,
      surname: input.surname,
      password_hash: input.passwordHash,
      status: input.status,
      role_id: input.roleId,
      department_id: input.departmentId ?? null,
      authorised_contact: input.authorisedContact ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.companyId && input.departmentId) {
    await db
      .insertInto('user_departments')
      .values({ user_id: row.id, department_id: input.departmentId, company_id: input.companyId })
      .execute();
  }
  return row.id;
}

export async function emailExists(db: DbOrTrx, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}
