// Row-level security for tenant tables, used by migrations. The policy lets a row through
// when it belongs to the transaction's company (`app.company_id`) or when the transaction
// runs in the explicit system scope (`app.scope = 'system'`); see withTenant/withSystem.
import { sql, type Kysely } from 'kysely';

export async function createTenantPolicyFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION app_tenant_visible(row_company uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT current_setting('app.scope', true) = 'system'
          OR row_company = nullif(current_setting('app.company_id', true), '')::uuid
    $$`.execute(db);
}

/** ENABLE + FORCE row-level security on a table with a `company_id` column. */
export async function enableTenantRls(db: Kysely<unknown>, table: string, column = 'company_id'): Promise<void> {
  const t = sql.table(table);
  const c = sql.ref(column);
  await sql`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY tenant_isolation ON ${t} USING (app_tenant_visible(${c})) WITH CHECK (app_tenant_visible(${c}))`.execute(db);
}
