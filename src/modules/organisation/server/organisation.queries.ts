// The only SQL of the organisation's lists. The lists share one shape (a company's rows with
// an id), so one set of queries serves every table, named by the list's definition; the
// values are always bound parameters and the names come from code, never from input.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { PersonName } from '../organisation.contract';
import { managesOwnDepartment } from './managed-departments.queries';

type LooseDb = Kysely<Record<string, Record<string, unknown>>>;
/** The tables differ per list; their shapes are the list definitions' business. */
const loose = (db: DbOrTrx) => db as unknown as LooseDb;

export type Row = Record<string, unknown> & { id: string };
export type Order = { column: string; direction: 'asc' | 'desc'; lower?: boolean };
/**
 * Where a list's item is used: rows of `table` whose `column` holds it, each for one user — or,
 * with `via`, whose `column` holds a row of `via.table` whose `via.column` holds it (overtime
 * reports at a rate of a pay rate type). `advice` says what to do when this usage holds it.
 */
export type Usage = { table: string; column: string; userColumn?: string; via?: { table: string; column: string }; advice?: string };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/** What a row shows: no company, timestamps as ISO text. */
function toItem(row: Record<string, unknown>): Row {
  const { company_id: _company, ...rest } = row;
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])) as Row;
}

export async function findItems(
  db: DbOrTrx,
  input: {
    table: string;
    companyId: string;
    search?: string;
    searchColumns: readonly string[];
    order: readonly Order[];
    paging: Paging;
    publishedOnly?: boolean;
  },
): Promise<{ results: Row[]; count: number }> {
  const pattern = input.search ? `%${escapeLike(input.search)}%` : null;
  const base = loose(db)
    .selectFrom(input.table)
    .where('company_id', '=', input.companyId)
    .$if(input.publishedOnly === true, (q) => q.where('published_at', 'is not', null))
    .$if(pattern !== null, (q) =>
      q.where((eb) => eb.or(input.searchColumns.map((column) => eb(sql`${sql.ref(column)}::text`, 'ilike', pattern)))),
    );
  const ordered = [...input.order, { column: 'id', direction: 'asc' as const }].reduce(
    (q, order) => q.orderBy(order.lower ? sql`lower(${sql.ref(order.column)})` : sql.ref(order.column), order.direction),
    base.selectAll(),
  );
  const [rows, total] = await Promise.all([
    ordered.offset(input.paging.offset).limit(input.paging.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(toItem), count: Number(total.count) };
}

/** One item; `publishedOnly` finds a draft (no `published_at`) as none. */
export async function getItem(
  db: DbOrTrx,
  input: { table: string; companyId: string; id: string; publishedOnly?: boolean },
): Promise<Row | undefined> {
  const row = await loose(db)
    .selectFrom(input.table)
    .selectAll()
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .$if(input.publishedOnly === true, (q) => q.where('published_at', 'is not', null))
    .executeTakeFirst();
  return row ? toItem(row) : undefined;
}

export async function createItem(db: DbOrTrx, input: { table: string; companyId: string; values: Record<string, unknown> }): Promise<Row> {
  const row = await loose(db)
    .insertInto(input.table)
    .values({ ...input.values, company_id: input.companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toItem(row);
}

export async function updateItem(
  db: DbOrTrx,
  input: { table: string; companyId: string; id: string; values: Record<string, unknown> },
): Promise<Row | undefined> {
  const row = await loose(db)
    .updateTable(input.table)
    .set(input.values)
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .returningAll()
    .executeTakeFirst();
  return row ? toItem(row) : undefined;
}

/** How many people use the item `id` through any of `usages`. */
export async function countUsers(db: DbOrTrx, input: { companyId: string; id: string; usages: readonly Usage[] }): Promise<number> {
  if (input.usages.length === 0) return 0;
  const parts = input.usages.map((usage) => {
    const holds = usage.via
      ? sql`IN (SELECT id FROM ${sql.table(usage.via.table)} WHERE company_id = ${input.companyId} AND ${sql.ref(usage.via.column)} = ${input.id})`
      : sql`= ${input.id}`;
    return sql`SELECT ${sql.ref(usage.userColumn ?? 'user_id')} AS user_id FROM ${sql.table(usage.table)}
          WHERE company_id = ${input.companyId} AND ${sql.ref(usage.column)} ${holds}`;
  });
  const { rows } = await sql<{
    count: number;
  }>`SELECT count(DISTINCT user_id)::int AS count FROM (${sql.join(parts, sql` UNION ALL `)}) AS used`.execute(db);
  return rows[0]?.count ?? 0;
}

/**
 * The managers of each department (those who manage it beyond their own department, and the
 * managers whose own department it is) and its head count.
 */
export async function departmentExtras(
  db: DbOrTrx,
  input: { companyId: string; ids: string[] },
): Promise<{ managers: Map<string, PersonName[]>; counts: Map<string, number> }> {
  const managers = new Map<string, PersonName[]>();
  const counts = new Map<string, number>();
  if (input.ids.length === 0) return { managers, counts };
  const ids = sql.join(input.ids);
  const [managerRows, countRows] = await Promise.all([
    sql<PersonName & { department_id: string }>`
      SELECT ud.department_id, u.id, u.first_name, u.surname
      FROM user_departments ud JOIN users u ON u.id = ud.user_id AND u.company_id = ${input.companyId}
      WHERE ud.company_id = ${input.companyId} AND ud.department_id IN (${ids}) AND ud.department_id IS DISTINCT FROM u.department_id
      UNION
      SELECT u.department_id, u.id, u.first_name, u.surname FROM users u
      WHERE u.company_id = ${input.companyId} AND u.department_id IN (${ids}) AND ${managesOwnDepartment}
      ORDER BY 1, 4, 3, 2`.execute(db),
    db
      .selectFrom('users')
      .select(['department_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('company_id', '=', input.companyId)
      .where('department_id', 'in', input.ids)
      .groupBy('department_id')
      .execute(),
  ]);
  for (const { department_id, ...person } of managerRows.rows)
    managers.set(department_id, [...(managers.get(department_id) ?? []), person]);
  for (const row of countRows) if (row.department_id) counts.set(row.department_id, Number(row.count));
  return { managers, counts };
}

/** The names of the people `ids` (company notes' authors). */
export async function peopleNames(db: DbOrTrx, input: { companyId: string; ids: string[] }): Promise<Map<string, PersonName>> {
  if (input.ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'surname'])
    .where('id', 'in', input.ids)
    .where((eb) => eb.or([eb('company_id', '=', input.companyId), eb('company_id', 'is', null)]))
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A new private token for the user's calendar feed. */
export async function setIcalendarToken(db: DbOrTrx, input: { companyId: string; userId: string; token: string }): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ icalendar_token: input.token })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A list item's publishing time when it is published again: the first time it was, or now. */
export function firstPublishedAt(): RawBuilder<Date> {
  return sql<Date>`coalesce(published_at, now())`;
}
