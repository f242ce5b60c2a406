// The only SQL of alerts. Administrators write in the system scope (the table's write policy
// admits nothing else); company users read in their tenant scope, where the read policy lets
// through rows for every company and for theirs; the login screen reads with no scope at all,
// which lets through only rows for every company (migration 0007).
import { sql, type Generated, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { AdminAlert, Alert, AlertKind, AlertStatus, CreateAlertValues } from '../alerts.contract';

export interface AlertTable {
  id: Generated<string>;
  kind: AlertKind;
  short_message: string;
  long_message: string;
  published_at: Date | null;
  company_id: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    alerts: AlertTable;
  }
}

type AlertRow = Selectable<AlertTable>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    kind: row.kind,
    short_message: row.short_message,
    long_message: row.long_message,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function statusOf(publishedAt: Date | null, now: Date): AlertStatus {
  if (!publishedAt) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

function toAdminAlert(row: AlertRow & { company_name: string | null; now: Date }): AdminAlert {
  return { ...toAlert(row), company_id: row.company_id, company_name: row.company_name, status: statusOf(row.published_at, row.now) };
}

/**
 * Published alerts of one kind a reader may see, newest first: for `companyId`'s users those
 * for every company and for theirs; with `companyId` null only those for every company.
 */
export async function findPublishedAlerts(
  db: DbOrTrx,
  input: { companyId: string | null; kind: AlertKind; paging: Paging },
): Promise<{ results: Alert[]; count: number }> {
  const { companyId } = input;
  const base = db
    .selectFrom('alerts')
    .where('kind', '=', input.kind)
    .where('published_at', '<=', sql<Date>`now()`)
    .where((eb) =>
      companyId === null ? eb('company_id', 'is', null) : eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]),
    );
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('id').limit(input.paging.limit).offset(input.paging.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(toAlert), count: Number(total.n) };
}

/** Every alert (system scope), newest change first, with its target company's name. */
export async function findAllAlerts(
  db: DbOrTrx,
  input: { kinds: readonly AlertKind[] | undefined; paging: Paging },
): Promise<{ results: AdminAlert[]; count: number }> {
  const kinds = input.kinds?.length ? input.kinds : null;
  const base = db.selectFrom('alerts').$if(kinds !== null, (q) => q.where('alerts.kind', 'in', kinds ?? []));
  const [rows, total] = await Promise.all([
    base
      .leftJoin('companies', 'companies.id', 'alerts.company_id')
      .selectAll('alerts')
      .select(['companies.name as company_name', sql<Date>`now()`.as('now')])
      .orderBy('alerts.updated_at', 'desc')
      .orderBy('alerts.id')
      .limit(input.paging.limit)
      .offset(input.paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(toAdminAlert), count: Number(total.n) };
}

async function getAdminAlert(db: DbOrTrx, input: { id: string; kind?: AlertKind }): Promise<AdminAlert | undefined> {
  const row = await db
    .selectFrom('alerts')
    .leftJoin('companies', 'companies.id', 'alerts.company_id')
    .selectAll('alerts')
    .select(['companies.name as company_name', sql<Date>`now()`.as('now')])
    .where('alerts.id', '=', input.id)
    .$if(input.kind !== undefined, (q) => q.where('alerts.kind', '=', input.kind!))
    .executeTakeFirst();
  return row ? toAdminAlert(row) : undefined;
}

export async function companyExists(db: DbOrTrx, companyId: string): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
}

export type AlertValues = Omit<CreateAlertValues, 'published_at'> & { published_at: Date | null };

export async function createAlert(db: DbOrTrx, input: { values: AlertValues; createdBy: string }): Promise<AdminAlert> {
  const { id } = await db
    .insertInto('alerts')
    .values({ ...input.values, created_by: input.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await getAdminAlert(db, { id }))!;
}

/** Updates one alert (of `kind`, when given); undefined when there is none. */
export async function updateAlert(
  db: DbOrTrx,
  input: { id: string; kind?: AlertKind; values: Partial<AlertValues> },
): Promise<AdminAlert | undefined> {
  if (!uuidPattern.test(input.id)) return undefined;
  const row = await db
    .updateTable('alerts')
    .set({ ...input.values, updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .$if(input.kind !== undefined, (q) => q.where('kind', '=', input.kind!))
    .returning('id')
    .executeTakeFirst();
  return row ? getAdminAlert(db, { id: row.id }) : undefined;
}

/** Publishes now by the database's clock; an alert already published keeps its date. */
export async function publishAlert(db: DbOrTrx, input: { id: string }): Promise<AdminAlert | undefined> {
  if (!uuidPattern.test(input.id)) return undefined;
  const row = await db
    .updateTable('alerts')
    .set({ published_at: sql<Date>`least(coalesce(published_at, now()), now())`, updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .returning('id')
    .executeTakeFirst();
  return row ? getAdminAlert(db, { id: row.id }) : undefined;
}

export async function deleteAlert(db: DbOrTrx, input: { id: string; kind?: AlertKind }): Promise<boolean> {
  if (!uuidPattern.test(input.id)) return false;
  const result = await db
    .deleteFrom('alerts')
    .where('id', '=', input.id)
    .$if(input.kind !== undefined, (q) => q.where('kind', '=', input.kind!))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
