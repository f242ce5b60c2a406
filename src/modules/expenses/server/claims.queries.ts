// The SQL of claims and their items, history and the car miles a person already claimed in
// a tax year. Every query takes the company and runs inside withTenant.
import { sql, type Selectable, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ClaimKind, ClaimStatus, Vehicle } from '../expenses.contract';
import type { ExpenseClaimsTable, ExpenseItemsTable } from './expense-tables';
import './expense-tables';

export type ItemRow = Selectable<ExpenseItemsTable>;
export type NewItem = {
  id?: string | undefined;
  position: number;
  date: string;
  expense_type_id: string | null;
  description: string;
  supplier: string;
  vat_receipt_held: boolean;
  gross_pence: number;
  vat_pence: number;
  taxable_pence: number;
  hmrc_pence: number | null;
  miles_tenths: number | null;
  vehicle: Vehicle | null;
  passengers: number;
  from_place: string;
  to_place: string;
  purpose: string;
  calculation: string | null;
};

export type ClaimTotals = {
  claim_type: ClaimKind;
  total_pence: number;
  taxable_pence: number;
  first_date: string | null;
  last_date: string | null;
};

export async function insertClaim(
  db: DbOrTrx,
  input: { id?: string | undefined; companyId: string; userId: string; claimType: ClaimKind; description: string },
): Promise<string> {
  const row = await db
    .insertInto('expense_claims')
    .values({
      ...(input.id ? { id: input.id } : {}),
      company_id: input.companyId,
      user_id: input.userId,
      claim_type: input.claimType,
      description: input.description,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClaim(
  db: DbOrTrx,
  input: {
    companyId: string;
    id: string;
    patch: Omit<Updateable<ExpenseClaimsTable>, 'id' | 'company_id' | 'user_id' | 'exported_at' | 'export_reference' | 'created_at'>;
  },
): Promise<void> {
  await db
    .updateTable('expense_claims')
    .set({ ...input.patch, updated_at: new Date() })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function deleteClaim(db: DbOrTrx, input: { companyId: string; id: string }): Promise<void> {
  await db.deleteFrom('expense_claims').where('company_id', '=', input.companyId).where('id', '=', input.id).execute();
}

/** The claim's status and claimant, locked for the step about to change it. */
export async function lockClaim(
  db: DbOrTrx,
  input: { companyId: string; id: string },
): Promise<{ id: string; user_id: string; status: ClaimStatus; claim_type: ClaimKind } | undefined> {
  return db
    .selectFrom('expense_claims')
    .select(['id', 'user_id', 'status', 'claim_type'])
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
}

/** The claimant of a claim of the company, or undefined. */
export async function findClaimOwner(db: DbOrTrx, input: { companyId: string; id: string }): Promise<string | undefined> {
  const row = await db
    .selectFrom('expense_claims')
    .select('user_id')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row?.user_id;
}

export async function findItems(db: DbOrTrx, input: { companyId: string; claimId: string }): Promise<ItemRow[]> {
  return db
    .selectFrom('expense_items')
    .selectAll()
    .where('company_id', '=', input.companyId)
    .where('claim_id', '=', input.claimId)
    .orderBy('position')
    .execute();
}

/** Replaces the claim's items: ids kept are updated (their receipts stay), others deleted, new ones added. */
export async function replaceItems(db: DbOrTrx, input: { companyId: string; claimId: string; items: NewItem[] }): Promise<void> {
  const existing = new Set((await findItems(db, input)).map((item) => item.id));
  const kept = input.items.flatMap((item) => (item.id && existing.has(item.id) ? [item.id] : []));
  let removal = db.deleteFrom('expense_items').where('company_id', '=', input.companyId).where('claim_id', '=', input.claimId);
  if (kept.length > 0) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  for (const item of input.items) {
    const { id, ...values } = item;
    if (id && existing.has(id)) {
      await db
        .updateTable('expense_items')
        .set({ ...values, approved_pence: null })
        .where('company_id', '=', input.companyId)
        .where('id', '=', id)
        .execute();
    } else {
      await db
        .insertInto('expense_items')
        .values({ ...values, ...(id ? { id } : {}), company_id: input.companyId, claim_id: input.claimId })
        .execute();
    }
  }
}

export async function setApprovedAmounts(
  db: DbOrTrx,
  input: { companyId: string; claimId: string; amounts: ReadonlyMap<string, { approved: number; taxable: number }> },
): Promise<void> {
  for (const [id, amount] of input.amounts) {
    await db
      .updateTable('expense_items')
      .set({ approved_pence: amount.approved, taxable_pence: amount.taxable })
      .where('company_id', '=', input.companyId)
      .where('claim_id', '=', input.claimId)
      .where('id', '=', id)
      .execute();
  }
}

/**
 * Car and van miles (tenths) the person claimed in each tax year starting on `yearStarts`,
 * from their other claims that are submitted or further (drafts and rejected claims do not count).
 */
export async function findPriorCarTenths(
  db: DbOrTrx,
  input: { companyId: string; userId: string; excludeClaimId: string; yearStarts: string[] },
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const start of input.yearStarts) {
    const end = `${Number(start.slice(0, 4)) + 1}-04-05`;
    const row = await db
      .selectFrom('expense_items as i')
      .innerJoin('expense_claims as c', 'c.id', 'i.claim_id')
      .select(sql<number>`coalesce(sum(i.miles_tenths), 0)::int`.as('tenths'))
      .where('c.company_id', '=', input.companyId)
      .where('c.user_id', '=', input.userId)
      .where('c.id', '<>', input.excludeClaimId)
      .where('c.status', 'not in', ['draft', 'rejected'])
      .where('i.vehicle', '=', 'car')
      .where('i.date', '>=', start)
      .where('i.date', '<=', end)
      .executeTakeFirst();
    result.set(start, row?.tenths ?? 0);
  }
  return result;
}

export async function insertEvent(
  db: DbOrTrx,
  input: { companyId: string; claimId: string; actorId: string | null; action: string; note?: string | null; at?: Date },
): Promise<void> {
  await db
    .insertInto('expense_claim_events')
    .values({
      company_id: input.companyId,
      claim_id: input.claimId,
      actor_id: input.actorId,
      action: input.action,
      note: input.note ?? null,
      // Several steps may share a transaction (created and submitted): the wall clock keeps their order.
      created_at: input.at ?? sql<Date>`clock_timestamp()`,
    })
    .execute();
}

export async function findEvents(db: DbOrTrx, input: { companyId: string; claimId: string }) {
  return db
    .selectFrom('expense_claim_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.id',
      'e.action',
      'e.note',
      'e.created_at',
      sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.surname END`.as('actor_name'),
    ])
    .where('e.company_id', '=', input.companyId)
    .where('e.claim_id', '=', input.claimId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

/**
 * The person's mileage items of the tax years starting on `yearStarts` in claims approved,
 * paid or exported: HMRC's approved amount and what was paid (the approved amount of the item
 * when it was decided, else what was claimed).
 */
export async function findDecidedMileage(
  db: DbOrTrx,
  input: { companyId: string; userId: string; yearStarts: string[] },
): Promise<{ date: string; approvedPence: number; paidPence: number }[]> {
  if (input.yearStarts.length === 0) return [];
  const first = [...input.yearStarts].sort()[0]!;
  const last = `${Number([...input.yearStarts].sort().at(-1)!.slice(0, 4)) + 1}-04-05`;
  const rows = await db
    .selectFrom('expense_items as i')
    .innerJoin('expense_claims as c', 'c.id', 'i.claim_id')
    .select(['i.date', 'i.hmrc_pence', 'i.approved_pence', 'i.gross_pence'])
    .where('c.company_id', '=', input.companyId)
    .where('c.user_id', '=', input.userId)
    .where('c.status', 'in', ['approved', 'partly_approved', 'paid', 'exported'])
    .where('i.hmrc_pence', 'is not', null)
    .where('i.date', '>=', first)
    .where('i.date', '<=', last)
    .execute();
  return rows.map((row) => ({ date: row.date, approvedPence: row.hmrc_pence ?? 0, paidPence: row.approved_pence ?? row.gross_pence }));
}

/** What a claim's notifications say of it: whose it is, its kind and total, what was approved. */
export async function findClaimFacts(
  db: DbOrTrx,
  input: { companyId: string; claimId: string },
): Promise<{
  user_id: string;
  claim_type: string;
  total_pence: number;
  approved_pence: number | null;
  first_name: string;
  surname: string;
}> {
  return db
    .selectFrom('expense_claims as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.user_id', 'c.claim_type', 'c.total_pence', 'c.approved_pence', 'u.first_name', 'u.surname'])
    .where('c.company_id', '=', input.companyId)
    .where('c.id', '=', input.claimId)
    .executeTakeFirstOrThrow();
}
