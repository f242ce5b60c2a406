// The people `u` a report may cover: the caller's company, their reach (the whole company, or
// their departments' people and themselves) and the report's department, location and person
// filters. Every module's report joins its rows to `users u` and adds these conditions.
import { sql, type RawBuilder } from 'kysely';
import type { ReportFilters } from '../../shared/reports.contract';
import type { ReportReach } from './report-definition';

const NONE = '00000000-0000-0000-0000-000000000000';
const uuids = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : [NONE]);
const inDepartments = (ids: readonly string[]) => sql`(u.department_id = any(${uuids(ids)}::uuid[])
  or exists (select 1 from user_departments ud where ud.user_id = u.id and ud.department_id = any(${uuids(ids)}::uuid[])))`;

/** The people `u` the caller may report on, narrowed by the filters. */
export function peopleConditions(input: {
  companyId: string;
  reach: ReportReach;
  filters: Pick<ReportFilters, 'department_id' | 'location_id' | 'user_id'>;
}): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`u.company_id = ${input.companyId}`];
  if (!input.reach.companyWide) conditions.push(sql`(u.id = ${input.reach.userId} or ${inDepartments(input.reach.departmentIds)})`);
  if (input.filters.department_id.length) conditions.push(inDepartments(input.filters.department_id));
  if (input.filters.location_id.length) conditions.push(sql`u.location_id = any(${uuids(input.filters.location_id)}::uuid[])`);
  if (input.filters.user_id.length) conditions.push(sql`u.id = any(${uuids(input.filters.user_id)}::uuid[])`);
  return conditions;
}

/** Group keys over the people `u` (with `left join departments d on d.id = u.department_id`). */
export const PERSON_GROUP_KEYS = {
  person: sql<string>`u.first_name || ' ' || u.surname`,
  department: sql<string>`coalesce(d.name, 'No department')`,
} as const;
