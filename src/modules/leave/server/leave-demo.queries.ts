// The SQL of the leave demo (leave-demo.ts): the demo company's people by department, the
// default policy, and the rows the demo writes directly (absences with their history, a
// company bank holiday, a blocked week, a return-to-work item).
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { ReturnToWorkKind } from '../leave.contract';

export async function companyHasAbsences(trx: Trx, companyId: string): Promise<boolean> {
  const row = await trx.selectFrom('user_absences').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function findDefaultTemplateId(trx: Trx, companyId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('absence_policy_templates')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The company's active people, with their department, in a fixed order. */
export async function findDemoPeople(
  trx: Trx,
  companyId: string,
): Promise<{ id: string; email: string; first_name: string; department_id: string | null }[]> {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'department_id'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .orderBy('surname')
    .orderBy('first_name')
    .execute();
}

/** The demo's policy for irregular-hours workers: annual leave in hours, 12.07% of hours worked, nothing up front. */
export async function insertIrregularHoursTemplate(trx: Trx, companyId: string): Promise<string> {
  const row = await trx
    .insertInto('absence_policy_templates')
    .values({
      company_id: companyId,
      name: 'Irregular hours (12.07% of hours worked)',
      unit: 'hours',
      allowance: 0,
      accrual: 'hours_worked',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function assignPolicies(trx: Trx, input: { companyId: string; templateId: string; userIds: string[] }): Promise<void> {
  if (input.userIds.length === 0) return;
  await trx
    .insertInto('user_absence_policies')
    .values(input.userIds.map((userId) => ({ company_id: input.companyId, user_id: userId, template_id: input.templateId })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function insertDemoBankHoliday(trx: Trx, input: { companyId: string; date: string; name: string }): Promise<void> {
  await trx
    .insertInto('company_bank_holidays')
    .values({ company_id: input.companyId, date: input.date, name: input.name, region: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertDemoBlockedPeriod(
  trx: Trx,
  input: { companyId: string; name: string; start: string; end: string; departmentId: string | null; notes: string },
): Promise<void> {
  await trx
    .insertInto('blocked_date_periods')
    .values({
      company_id: input.companyId,
      name: input.name,
      start_date: input.start,
      end_date: input.end,
      department_id: input.departmentId,
      notes: input.notes,
    })
    .execute();
}

export async function findLeaveTypeIds(trx: Trx, companyId: string): Promise<Map<string, { id: string; name: string; deducted: boolean }>> {
  const rows = await trx
    .selectFrom('leave_types')
    .select(['id', 'key', 'name', 'deducted'])
    .where('company_id', '=', companyId)
    .where('key', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.key as string, { id: row.id, name: row.name, deducted: row.deducted }]));
}

export async function insertDemoReturnToWork(
  trx: Trx,
  input: { companyId: string; userId: string; absenceId: string; kind: ReturnToWorkKind; firstDay: string; lastDay: string },
): Promise<void> {
  await trx
    .insertInto('return_to_work_items')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      absence_id: input.absenceId,
      kind: input.kind,
      status: 'awaiting_employee',
      first_day: input.firstDay,
      last_day: input.lastDay,
      answers: sql<string>`null`,
    })
    .onConflict((oc) => oc.column('absence_id').doNothing())
    .execute();
}

/** The demo company asks for return-to-work forms, so the demo shows the whole sickness flow. */
export async function enableDemoReturnToWork(trx: Trx, companyId: string): Promise<void> {
  await trx
    .insertInto('company_settings')
    .values({ company_id: companyId, return_to_work_enabled: true })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ return_to_work_enabled: true }))
    .execute();
}
