// The SQL of the overtime demo: the company's switch, rates, people's allowances.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

export async function switchOvertimeOn(trx: Trx, companyId: string): Promise<void> {
  await sql`INSERT INTO company_settings (company_id, overtime_enabled) VALUES (${companyId}, true)
    ON CONFLICT (company_id) DO UPDATE SET overtime_enabled = true`.execute(trx);
  await sql`INSERT INTO company_overtime_settings (company_id, toil_expiry_months) VALUES (${companyId}, 6)
    ON CONFLICT (company_id) DO UPDATE SET toil_expiry_months = 6`.execute(trx);
}

/** The pay-rate type of that name, made when missing. */
export async function payRateType(trx: Trx, companyId: string, name: string): Promise<string> {
  const found = await trx
    .selectFrom('company_pay_rate_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const made = await trx
    .insertInto('company_pay_rate_types')
    .values({ company_id: companyId, name, unit: 'hour' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

export async function insertRate(
  trx: Trx,
  input: { companyId: string; payRateTypeId: string; multiplier: number; code: string },
): Promise<string> {
  const row = await trx
    .insertInto('overtime_rates')
    .values({ company_id: input.companyId, pay_rate_type_id: input.payRateTypeId, multiplier: input.multiplier, element_code: input.code })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function allowOvertime(trx: Trx, input: { companyId: string; userIds: readonly string[] }): Promise<void> {
  for (const userId of input.userIds) {
    await sql`INSERT INTO user_settings (user_id, company_id, allow_payable_overtime, allow_toil_overtime)
      VALUES (${userId}, ${input.companyId}, true, true)
      ON CONFLICT (user_id) DO UPDATE SET allow_payable_overtime = true, allow_toil_overtime = true`.execute(trx);
  }
}

/** Active people of a department, by name, without the given ones. */
export async function findDepartmentPeople(
  trx: Trx,
  input: { companyId: string; departmentId: string | undefined; without: readonly string[] },
): Promise<string[]> {
  if (!input.departmentId) return [];
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('department_id', '=', input.departmentId)
    .where('status', '=', 'active')
    .where('termination_date', 'is', null)
    .orderBy('surname')
    .orderBy('first_name')
    .execute();
  return rows.map((row) => row.id).filter((id) => !input.without.includes(id));
}
