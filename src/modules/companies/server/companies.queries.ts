// Companies as administrators see and change them (system scope: administrators have no
// company), the seats a company uses, its owners, and a person's own access.
import { sql, type Expression, type Generated, type SqlBool } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { PersonAccessValue as PersonAccess } from '../setup.contract';
import type { CompanyRow, CompanySort, CompanySource, CompanyStatus, FindCompaniesQuery, Product } from '../companies.contract';

declare module '../../auth/server/auth.queries' {
  interface CompaniesTable {
    /** Migration 0037: made by an administrator or signed up by its owner. */
    source: Generated<CompanySource>;
  }
}

/** Everyone but the terminated holds a seat. */
export const seatsUsedOf = (companyRef: string) =>
  sql<number>`(select count(*)::int from users su where su.company_id = ${sql.ref(companyRef)} and su.status <> 'terminated')`;
const lastActiveOf = (companyRef: string) =>
  sql<Date | null>`(select max(ss.last_seen_at) from sessions ss where ss.company_id = ${sql.ref(companyRef)})`;

/** A company as read: its times as Dates, its products as three flags. */
type RawCompany = Omit<CompanyRow, 'products' | 'status_changed_at' | 'created_at' | 'last_active_at'> & {
  status_changed_at: Date | null;
  created_at: Date;
  last_active_at: Date | null;
  hr_client: boolean;
  hs_client: boolean;
  documents_client: boolean;
};

export function productsOf(row: { hr_client: boolean; hs_client: boolean; documents_client: boolean }): Product[] {
  return [
    ...(row.hr_client ? ['hr' as const] : []),
    ...(row.hs_client ? ['hs' as const] : []),
    ...(row.documents_client ? ['documents' as const] : []),
  ];
}

export const productColumns = (products: readonly Product[]) => ({
  hr_client: products.includes('hr'),
  hs_client: products.includes('hs'),
  documents_client: products.includes('documents'),
});

function toRow(row: RawCompany): CompanyRow {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    sector_name: row.sector_name,
    address: row.address,
    status: row.status,
    status_reason: row.status_reason,
    status_changed_at: row.status_changed_at?.toISOString() ?? null,
    products: productsOf(row),
    seats_used: row.seats_used,
    seats: row.seats,
    created_at: row.created_at.toISOString(),
    source: row.source,
    last_active_at: row.last_active_at?.toISOString() ?? null,
  };
}

function selectCompanies(db: DbOrTrx) {
  return db
    .selectFrom('companies as c')
    .select([
      'c.id',
      'c.name',
      'c.number',
      'c.sector_name',
      'c.address',
      'c.status',
      'c.status_reason',
      'c.status_changed_at',
      'c.hr_client',
      'c.hs_client',
      'c.documents_client',
      'c.seats',
      'c.created_at',
      'c.source',
      seatsUsedOf('c.id').as('seats_used'),
      lastActiveOf('c.id').as('last_active_at'),
    ]);
}

/** Each sort as one ORDER BY term, its direction and where nulls go written out. */
const ORDER_BY: Record<CompanySort, Expression<unknown>> = {
  name: sql`lower(c.name) asc`,
  '-name': sql`lower(c.name) desc`,
  created_at: sql`c.created_at asc`,
  '-created_at': sql`c.created_at desc`,
  last_active: sql`${lastActiveOf('c.id')} asc nulls first`,
  '-last_active': sql`${lastActiveOf('c.id')} desc nulls last`,
  seats_used: sql`${seatsUsedOf('c.id')} asc`,
  '-seats_used': sql`${seatsUsedOf('c.id')} desc`,
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of companies matching the search (name or number), statuses, products and sector. Call in the system scope. */
export async function findCompanyPage(
  db: DbOrTrx,
  input: { query: FindCompaniesQuery; paging: Paging },
): Promise<{ results: CompanyRow[]; count: number }> {
  const { query, paging } = input;
  const filtered = () =>
    db
      .selectFrom('companies as c')
      .$if(Boolean(query.search), (q) =>
        q.where((eb) =>
          eb.or([eb('c.name', 'ilike', likePattern(query.search ?? '')), eb('c.number', 'ilike', likePattern(query.search ?? ''))]),
        ),
      )
      .$if(Boolean(query.status?.length), (q) => q.where('c.status', 'in', query.status ?? []))
      .$if(Boolean(query.product?.length), (q) =>
        q.where((eb) => {
          const wanted: Expression<SqlBool>[] = (query.product ?? []).map((product) =>
            eb(product === 'hr' ? 'c.hr_client' : product === 'hs' ? 'c.hs_client' : 'c.documents_client', '=', true),
          );
          return eb.and(wanted);
        }),
      )
      .$if(Boolean(query.source), (q) => q.where('c.source', '=', query.source ?? 'sign_up'))
      .$if(Boolean(query.sector), (q) => q.where('c.sector_name', 'ilike', likePattern(query.sector ?? '')));
  const ids = await filtered()
    .select('c.id')
    .orderBy(ORDER_BY[query.sort])
    .orderBy('c.id')
    .offset(paging.offset)
    .limit(paging.limit)
    .execute();
  const count = await filtered()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (ids.length === 0) return { results: [], count: Number(count.count) };
  const rows = await selectCompanies(db)
    .where(
      'c.id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toRow(row as RawCompany)]));
  return { results: ids.flatMap((row) => byId.get(row.id) ?? []), count: Number(count.count) };
}

export async function findCompanyRow(db: DbOrTrx, id: string): Promise<CompanyRow | undefined> {
  const row = await selectCompanies(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toRow(row as RawCompany) : undefined;
}

/** Locks the company row for a change; its status before. */
export async function lockCompany(trx: Trx, id: string): Promise<{ status: CompanyStatus; name: string } | undefined> {
  return trx.selectFrom('companies').select(['status', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export type CompanyChange = {
  name?: string;
  number?: string | null;
  sector_name?: string | null;
  address?: string | null;
  products?: readonly Product[];
  seats?: number;
  status?: { value: CompanyStatus; reason: string };
};

export async function updateCompanyRow(trx: Trx, id: string, change: CompanyChange): Promise<void> {
  const { products, status, ...plain } = change;
  const values = {
    ...plain,
    ...(products ? productColumns(products) : {}),
    ...(status ? { status: status.value, status_reason: status.reason, status_changed_at: sql<Date>`now()` } : {}),
  };
  if (Object.keys(values).length === 0) return;
  await trx.updateTable('companies').set(values).where('id', '=', id).execute();
}

/** The fields a new company gets beyond what setUpCompany writes. */
export async function setCompanyPlan(
  trx: Trx,
  input: { companyId: string; address: string | null; products: readonly Product[]; seats: number | null; source: CompanySource },
): Promise<void> {
  await trx
    .updateTable('companies')
    .set({ address: input.address, seats: input.seats, source: input.source, ...productColumns(input.products) })
    .where('id', '=', input.companyId)
    .execute();
}

/** The company's owners who can read e-mail: everyone holding the Owner role, not terminated. */
export async function findOwners(trx: Trx, companyId: string): Promise<{ id: string; email: string; first_name: string }[]> {
  return trx
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.email', 'u.first_name'])
    .where('u.company_id', '=', companyId)
    .where('r.name', '=', 'Owner')
    .where('u.status', '<>', 'terminated')
    .orderBy('u.created_at')
    .execute();
}

/** Seats bought (null: not counted) and held, with the company row locked so two additions cannot both take the last seat. */
export async function seatCount(trx: Trx, companyId: string): Promise<{ seats: number | null; used: number } | undefined> {
  const company = await trx.selectFrom('companies').select('seats').where('id', '=', companyId).forUpdate().executeTakeFirst();
  if (!company) return undefined;
  const used = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('status', '<>', 'terminated')
    .executeTakeFirstOrThrow();
  return { seats: company.seats, used: Number(used.n) };
}

export async function emailTaken(trx: Trx, email: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** A person of the company and their access, for a change of it. */
export async function findPersonAccess(
  trx: Trx,
  input: { companyId: string; userId: string },
): Promise<{ id: string; access: PersonAccess; department_ids: string[]; role_name: string | null } | undefined> {
  return trx
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.access',
      'r.name as role_name',
      sql<string[]>`array(select u.department_id::text where u.department_id is not null
                          union select ud.department_id::text from user_departments ud where ud.user_id = u.id)`.as('department_ids'),
    ])
    .where('u.company_id', '=', input.companyId)
    .where('u.id', '=', input.userId)
    .executeTakeFirst();
}

export async function setPersonAccess(trx: Trx, input: { companyId: string; userId: string; access: PersonAccess }): Promise<void> {
  await trx
    .updateTable('users')
    .set({ access: input.access, updated_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.userId)
    .execute();
}
