// The SQL of the special-category register: which of the company's roles hold the endpoints
// that show such data (and at what scope), and the audited reads of it over a period.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';

export async function roleAccess(db: DbOrTrx, input: { companyId: string; endpoints: string[] }) {
  if (input.endpoints.length === 0) return [];
  return db
    .selectFrom('role_permissions as p')
    .innerJoin('roles as r', 'r.id', 'p.role_id')
    .select(['r.name as role', 'p.endpoint', 'p.type as scope'])
    .where('r.company_id', '=', input.companyId)
    .where('p.company_id', '=', input.companyId)
    .where('p.method', '=', 'GET')
    .where('p.endpoint', 'in', input.endpoints)
    .orderBy('r.name')
    .orderBy('p.endpoint')
    .execute();
}

export async function auditedReads(db: DbOrTrx, input: { companyId: string; actions: string[]; from: string; to: string }) {
  if (input.actions.length === 0) return [];
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', (join) => join.onRef('actor.id', '=', 'a.actor_id').on('actor.company_id', '=', input.companyId))
    .leftJoin('users as person', (join) =>
      join.on(sql<boolean>`a.target_type = 'user' AND person.id::text = a.target_id AND person.company_id = ${input.companyId}`),
    )
    .select([
      'a.created_at',
      'a.action',
      sql<string | null>`case when actor.id is null then null else concat_ws(' ', actor.first_name, actor.surname) end`.as('actor_name'),
      sql<string | null>`case when person.id is null then null else concat_ws(' ', person.first_name, person.surname) end`.as(
        'person_name',
      ),
    ])
    .where('a.company_id', '=', input.companyId)
    .where('a.action', 'in', input.actions)
    .where('a.created_at', '>=', sql<Date>`${input.from}::date`)
    .where('a.created_at', '<', sql<Date>`${input.to}::date + 1`)
    .orderBy('a.created_at', 'desc')
    .limit(5000)
    .execute();
}
