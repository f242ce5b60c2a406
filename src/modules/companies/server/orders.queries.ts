// Orders of products and seats: a company's own (in its scope) and the administrators' queue
// (system scope). Every company query takes companyId.
import { sql, type Generated, type GeneratedAlways } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { Product } from '../companies.contract';
import type { Order, OrderStatus } from '../orders.contract';
import { productColumns, productsOf, seatsUsedOf } from './companies.queries';

export interface CompanyOrdersTable {
  id: Generated<string>;
  company_id: string;
  number: GeneratedAlways<string>;
  kind: 'seats' | 'product';
  product: Product | null;
  seats: number | null;
  amount_pence: number;
  status: Generated<OrderStatus>;
  note: string | null;
  ordered_by: string | null;
  ordered_at: Generated<Date>;
  decided_by: string | null;
  decided_at: Date | null;
  decline_reason: string | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    company_orders: CompanyOrdersTable;
  }
}

const fullName = (alias: string) =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.surname`)}), '')`;

function selectOrders(db: DbOrTrx) {
  return db
    .selectFrom('company_orders as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .leftJoin('users as orderer', 'orderer.id', 'o.ordered_by')
    .leftJoin('users as decider', 'decider.id', 'o.decided_by')
    .select([
      'o.id',
      'o.number',
      'o.company_id',
      'c.name as company_name',
      'o.kind',
      'o.product',
      'o.seats',
      'o.amount_pence',
      'o.status',
      'o.note',
      fullName('orderer').as('ordered_by_name'),
      'o.ordered_at',
      fullName('decider').as('decided_by_name'),
      'o.decided_at',
      'o.decline_reason',
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

function toOrder(row: OrderRow): Order {
  return {
    ...row,
    number: Number(row.number),
    ordered_at: row.ordered_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/** How many orders a company has, or the queue holds (of one status, where asked). */
async function countOrders(db: DbOrTrx, filter: { companyId?: string; status?: OrderStatus | undefined }): Promise<number> {
  const row = await db
    .selectFrom('company_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(filter.companyId !== undefined, (q) => q.where('company_id', '=', filter.companyId ?? ''))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status ?? 'pending'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findCompanyOrders(
  db: DbOrTrx,
  input: { companyId: string; paging: Paging },
): Promise<{ results: Order[]; count: number }> {
  const rows = await selectOrders(db)
    .where('o.company_id', '=', input.companyId)
    .orderBy('o.ordered_at', 'desc')
    .orderBy('o.number', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  return { results: rows.map(toOrder), count: await countOrders(db, { companyId: input.companyId }) };
}

/** The administrators' queue: every company's orders, waiting ones first unless a status is asked for. */
export async function findOrderQueue(
  db: DbOrTrx,
  input: { status?: OrderStatus; paging: Paging },
): Promise<{ results: Order[]; count: number }> {
  const rows = await selectOrders(db)
    .$if(input.status !== undefined, (q) => q.where('o.status', '=', input.status ?? 'pending'))
    .orderBy(sql`o.status = 'pending'`, 'desc')
    .orderBy('o.ordered_at', 'asc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  return { results: rows.map(toOrder), count: await countOrders(db, { status: input.status }) };
}

export async function findOrder(db: DbOrTrx, input: { id: string; companyId?: string }): Promise<Order | undefined> {
  const row = await selectOrders(db)
    .where('o.id', '=', input.id)
    .$if(input.companyId !== undefined, (q) => q.where('o.company_id', '=', input.companyId ?? ''))
    .executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** What the company has bought and holds now. */
export async function findPlan(
  db: DbOrTrx,
  companyId: string,
): Promise<{ products: Product[]; seats: number | null; seatsUsed: number } | undefined> {
  const row = await db
    .selectFrom('companies as c')
    .select(['c.hr_client', 'c.hs_client', 'c.documents_client', 'c.seats', seatsUsedOf('c.id').as('seats_used')])
    .where('c.id', '=', companyId)
    .executeTakeFirst();
  return row ? { products: productsOf(row), seats: row.seats, seatsUsed: row.seats_used } : undefined;
}

export async function insertOrder(
  trx: Trx,
  input: {
    companyId: string;
    kind: 'seats' | 'product';
    product: Product | null;
    seats: number | null;
    amountPence: number;
    note: string | null;
    orderedBy: string;
  },
): Promise<string> {
  const row = await trx
    .insertInto('company_orders')
    .values({
      company_id: input.companyId,
      kind: input.kind,
      product: input.product,
      seats: input.seats,
      amount_pence: input.amountPence,
      note: input.note,
      ordered_by: input.orderedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks a waiting order for its decision; undefined when there is none or it was decided already. */
export async function lockPendingOrder(
  trx: Trx,
  id: string,
): Promise<
  | { id: string; company_id: string; kind: 'seats' | 'product'; product: Product | null; seats: number | null; ordered_by: string | null }
  | undefined
> {
  return trx
    .selectFrom('company_orders')
    .select(['id', 'company_id', 'kind', 'product', 'seats', 'ordered_by'])
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

export async function orderExists(trx: Trx, id: string): Promise<boolean> {
  return (await trx.selectFrom('company_orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function decideOrder(
  trx: Trx,
  input: { id: string; status: 'confirmed' | 'declined'; decidedBy: string; reason: string | null },
): Promise<void> {
  await trx
    .updateTable('company_orders')
    .set({ status: input.status, decided_by: input.decidedBy, decided_at: sql<Date>`now()`, decline_reason: input.reason })
    .where('id', '=', input.id)
    .execute();
}

/** A confirmed order's change: seats added, or the product switched on. */
export async function applyOrder(
  trx: Trx,
  order: { company_id: string; kind: 'seats' | 'product'; product: Product | null; seats: number | null },
): Promise<void> {
  if (order.kind === 'seats') {
    const held = seatsUsedOf('companies.id');
    await trx
      .updateTable('companies')
      .set({ seats: sql<number>`coalesce(seats, ${held}) + ${order.seats ?? 0}` })
      .where('id', '=', order.company_id)
      .execute();
    return;
  }
  if (!order.product) return;
  const plan = await findPlan(trx, order.company_id);
  const products = [...new Set([...(plan?.products ?? []), order.product])];
  await trx.updateTable('companies').set(productColumns(products)).where('id', '=', order.company_id).execute();
}

/** The company an invoice is made out to: its name, number and address. */
export async function findInvoicedCompany(
  db: DbOrTrx,
  companyId: string,
): Promise<{ name: string; number: string | null; address: string | null } | undefined> {
  return db.selectFrom('companies').select(['name', 'number', 'address']).where('id', '=', companyId).executeTakeFirst();
}
