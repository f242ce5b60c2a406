// The platform audit: the audit log's entries about the platform (system scope), by kind,
// date (London days) and company, newest first, with who acted and behind whom.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { AuditKind, PlatformAuditEntry, PlatformAuditQuery } from '../platform-audit.contract';

const KIND_CONDITIONS: Record<AuditKind, Expression<SqlBool>> = {
  access_requests: sql<SqlBool>`a.action like 'access_request.%'`,
  impersonation: sql<SqlBool>`(a.action like 'impersonation.%' or a.impersonator_id is not null)`,
  status: sql<SqlBool>`a.action in ('company.created', 'company.updated', 'company.status_changed', 'user.access_changed')`,
  administrators: sql<SqlBool>`a.action like 'administrator.%'`,
  orders: sql<SqlBool>`a.action like 'order.%'`,
};
const EVERY_KIND = sql<SqlBool>`(${sql.join(Object.values(KIND_CONDITIONS), sql` or `)})`;

export async function findPlatformAudit(
  trx: Trx,
  input: { query: PlatformAuditQuery; paging: Paging },
): Promise<{ results: PlatformAuditEntry[]; count: number }> {
  const { query } = input;
  const base = () =>
    trx
      .selectFrom('audit_log as a')
      .where(query.kind ? KIND_CONDITIONS[query.kind] : EVERY_KIND)
      .$if(query.from !== undefined, (q) =>
        q.where(sql<SqlBool>`a.created_at >= (${query.from}::date)::timestamp at time zone 'Europe/London'`),
      )
      .$if(query.to !== undefined, (q) =>
        q.where(sql<SqlBool>`a.created_at < ((${query.to}::date + 1)::timestamp at time zone 'Europe/London')`),
      )
      .$if(query.company_id !== undefined, (q) => q.where('a.company_id', '=', query.company_id ?? ''));
  const rows = await base()
    .leftJoin('companies as c', 'c.id', 'a.company_id')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('users as imp', 'imp.id', 'a.impersonator_id')
    .select([
      'a.id',
      'a.created_at',
      'a.action',
      'a.company_id',
      'c.name as company_name',
      sql<string | null>`nullif(trim(actor.first_name || ' ' || actor.surname), '')`.as('actor_name'),
      'actor.email as actor_email',
      sql<string | null>`nullif(trim(imp.first_name || ' ' || imp.surname), '')`.as('impersonator_name'),
      'a.target_type',
      'a.target_id',
      'a.details',
      'a.ip',
    ])
    .orderBy('a.id', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const count = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    results: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: row.created_at.toISOString(),
      actor_email: row.actor_email ?? null,
    })),
    count: Number(count.n),
  };
}
