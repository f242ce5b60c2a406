// Row-level security for tenant tables, used by migrations. The policy lets a row through
// when it belongs to the transaction's company (`app.company_id`) or when the transaction
// runs in the explicit system scope (`app.scope = 'system'`); see withTenant/withSystem.
import { sql, type Kysely } from 'kysely';

/**
 * The settings are read in sub-selects so PostgreSQL evaluates them once per statement
 * (InitPlans) instead of once per row, and an index on the company column stays usable.
 */
export function tenantPolicyExpression(column: string) {
  const c = sql.ref(column);
  return sql`(
    (SELECT current_setting('app.scope', true)) = 'system'
    OR ${c} = (SELECT nullif(current_setting('app.company_id', true), '')::uuid)
  )`;
}

/** ENABLE + FORCE row-level security on a table with a company column. */
export async function enableTenantRls(db: Kysely<unknown>, table: string, column = 'company_id'): Promise<void> {
  const t = sql.table(table);
  const visible = tenantPolicyExpression(column);
  await sql`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY tenant_isolation ON ${t} USING ${visible} WITH CHECK ${visible}`.execute(db);
}
