// SQL of the test-only widgets resource: a tenant table with row-level security, reached
// through withTenant as the application role, and filtered by company as every query must.
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import { APP_ROLE, withTenant, type Db, type Trx } from '../../src/server/db/database';
import { enableTenantRls } from '../../src/server/db/rls';
import type { Paging } from '../../src/shared/list';
import type { CreateWidgetInput, FindWidgetsQuery, UpdateWidgetInput, Widget, WidgetDetails, WidgetStatus } from './widgets.contract';

type WidgetTable = {
  id: Generated<string>;
  company_id: string;
  name: string;
  status: WidgetStatus;
  tags: string[];
  details: ColumnType<WidgetDetails | null, string | null, string | null>;
  created_by: string;
  created_at: Generated<Date>;
};

// Test tables stay out of the product's Database type.
const widgets = (trx: Trx) => trx.withTables<{ widgets: WidgetTable }>();

export async function createWidgetsTable(ownerDb: Db): Promise<void> {
  await sql`
    CREATE TABLE widgets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      name text NOT NULL,
      status text NOT NULL,
      tags text[] NOT NULL DEFAULT '{}',
      details jsonb,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(ownerDb);
  await sql`CREATE INDEX widgets_company_name_idx ON widgets (company_id, name, id)`.execute(ownerDb);
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON widgets TO ${sql.id(APP_ROLE)}`.execute(ownerDb);
  await enableTenantRls(ownerDb as unknown as Kysely<unknown>, 'widgets');
}

export type FindWidgetsFilter = FindWidgetsQuery & { createdBy?: string };

export async function findWidgets(
  db: Db,
  options: { companyId: string; filter: FindWidgetsFilter; paging: Paging },
): Promise<{ results: Widget[]; count: number }> {
  const { companyId, filter, paging } = options;
  return withTenant(db, companyId, async (trx) => {
    let query = widgets(trx).selectFrom('widgets').where('company_id', '=', companyId);
    if (filter.status) query = query.where('status', 'in', filter.status);
    if (filter.tags) query = query.where(sql<boolean>`tags && ${filter.tags}::text[]`);
    if (filter.q) query = query.where(sql<boolean>`strpos(lower(name), lower(${filter.q})) > 0`);
    if (filter.createdBy) query = query.where('created_by', '=', filter.createdBy);
    const results = await query.selectAll().orderBy('name').orderBy('id').offset(paging.offset).limit(paging.limit).execute();
    const total = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return { results, count: total.count };
  });
}

export async function getWidget(db: Db, options: { companyId: string; id: string }): Promise<Widget | undefined> {
  return withTenant(db, options.companyId, (trx) =>
    widgets(trx)
      .selectFrom('widgets')
      .selectAll()
      .where('company_id', '=', options.companyId)
      .where('id', '=', options.id)
      .executeTakeFirst(),
  );
}

export async function findWidgetByName(db: Db, options: { companyId: string; name: string }): Promise<Widget | undefined> {
  return withTenant(db, options.companyId, (trx) =>
    widgets(trx)
      .selectFrom('widgets')
      .selectAll()
      .where('company_id', '=', options.companyId)
      .where('name', '=', options.name)
      .executeTakeFirst(),
  );
}

/** Undefined when the (client-generated) id is taken already. */
export async function createWidget(
  db: Db,
  options: { companyId: string; userId: string; input: CreateWidgetInput },
): Promise<Widget | undefined> {
  const { companyId, userId, input } = options;
  return withTenant(db, companyId, (trx) =>
    widgets(trx)
      .insertInto('widgets')
      .values({
        ...(input.id ? { id: input.id } : {}),
        company_id: companyId,
        name: input.name,
        status: input.status,
        tags: input.tags,
        details: input.details ? JSON.stringify(input.details) : null,
        created_by: userId,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .executeTakeFirst(),
  );
}

export async function updateWidget(
  db: Db,
  options: { companyId: string; id: string; input: UpdateWidgetInput },
): Promise<Widget | undefined> {
  const { companyId, id, input } = options;
  return withTenant(db, companyId, (trx) =>
    widgets(trx)
      .updateTable('widgets')
      .set({ name: input.name, status: input.status, tags: input.tags, details: input.details ? JSON.stringify(input.details) : null })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  );
}

export async function deleteWidget(db: Db, options: { companyId: string; id: string }): Promise<boolean> {
  const result = await withTenant(db, options.companyId, (trx) =>
    widgets(trx).deleteFrom('widgets').where('company_id', '=', options.companyId).where('id', '=', options.id).executeTakeFirst(),
  );
  return result.numDeletedRows > 0n;
}

export async function setWidgetsStatus(db: Db, options: { companyId: string; ids: string[]; status: WidgetStatus }): Promise<number> {
  const result = await withTenant(db, options.companyId, (trx) =>
    widgets(trx)
      .updateTable('widgets')
      .set({ status: options.status })
      .where('company_id', '=', options.companyId)
      .where('id', 'in', options.ids)
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows);
}

export async function findWidgetCreators(db: Db, options: { companyId: string }): Promise<string[]> {
  const rows = await withTenant(db, options.companyId, (trx) =>
    widgets(trx)
      .selectFrom('widgets')
      .select('created_by')
      .distinct()
      .where('company_id', '=', options.companyId)
      .orderBy('created_by')
      .execute(),
  );
  return rows.map((row) => row.created_by);
}

export async function countWidgets(db: Db): Promise<number> {
  const row = await db
    .withTables<{ widgets: WidgetTable }>()
    .selectFrom('widgets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

// The next two deliberately break the rules, to prove that row-level security still holds.

/** Forgets to filter by company: only the policy keeps other companies' rows out. */
export async function findWidgetsForgettingTheCompany(db: Db, options: { tenantCompanyId: string | null }): Promise<Widget[]> {
  const run = (trx: Trx) => widgets(trx).selectFrom('widgets').selectAll().execute();
  return options.tenantCompanyId ? withTenant(db, options.tenantCompanyId, run) : db.transaction().execute(run);
}

/** Writes a row for `rowCompanyId` while the transaction belongs to `tenantCompanyId`. */
export async function insertWidgetIntoAnotherCompany(db: Db, options: { tenantCompanyId: string; rowCompanyId: string }): Promise<void> {
  await withTenant(db, options.tenantCompanyId, (trx) =>
    widgets(trx)
      .insertInto('widgets')
      .values({
        company_id: options.rowCompanyId,
        name: 'Smuggled',
        status: 'draft',
        tags: [],
        details: null,
        created_by: options.tenantCompanyId,
      })
      .execute(),
  );
}
