// The reads of claims: one page of the list (in the caller's reach, with the filters) and its
// count, one claim as lists show it, the approver's pending count, and receipts.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { ClaimKind, ClaimListQuery, ClaimStatus } from '../expenses.contract';
import { approvableBy, readableBy } from '../../../server/approvals/approval-chain.queries';
import type { ClaimActor } from './claim-access';
import './expense-tables';

export type ClaimViewRow = {
  id: string;
  user_id: string;
  claim_type: ClaimKind;
  description: string;
  status: ClaimStatus;
  total_pence: number;
  /** What its journeys claim: the rest of the total is its receipt items. */
  mileage_pence: number;
  approved_pence: number | null;
  taxable_pence: number;
  first_date: string | null;
  last_date: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by_name: string | null;
  reject_reason: string | null;
  paid_on: string | null;
  exported_at: Date | null;
  created_at: Date;
  first_name: string;
  surname: string;
  department_name: string | null;
  item_count: number;
  receipt_count: number;
  /** The caller may approve it now (submitted, and the claimant is someone they approve for). */
  approvable: boolean;
};

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `approvable`: 'known' when every row is one the actor may approve (the approver's list), so it is not worked out again. */
function claimSelect(db: DbOrTrx, actor: ClaimActor, approvable: 'known' | 'per_row' = 'per_row') {
  return db
    .selectFrom('expense_claims as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('users as dec', 'dec.id', 'c.decided_by')
    .select([
      'c.id',
      'c.user_id',
      'c.claim_type',
      'c.description',
      'c.status',
      'c.total_pence',
      'c.approved_pence',
      'c.taxable_pence',
      'c.first_date',
      'c.last_date',
      'c.submitted_at',
      'c.decided_at',
      'c.reject_reason',
      'c.paid_on',
      'c.exported_at',
      'c.created_at',
      'u.first_name',
      'u.surname',
      'd.name as department_name',
      sql<string | null>`CASE WHEN dec.id IS NULL THEN NULL ELSE dec.first_name || ' ' || dec.surname END`.as('decided_by_name'),
      sql<number>`(SELECT count(*)::int FROM expense_items i WHERE i.claim_id = c.id)`.as('item_count'),
      sql<number>`(SELECT coalesce(sum(i.gross_pence), 0)::int FROM expense_items i WHERE i.claim_id = c.id AND i.miles_tenths IS NOT NULL)`.as(
        'mileage_pence',
      ),
      sql<number>`(SELECT count(*)::int FROM expense_receipts r WHERE r.claim_id = c.id)`.as('receipt_count'),
      (approvable === 'known'
        ? sql<boolean>`true`
        : sql<boolean>`(c.status = 'submitted' AND ${approvableBy(sql`c.user_id`, actor.approver)})`
      ).as('approvable'),
    ]);
}

export async function findClaimView(
  db: DbOrTrx,
  input: { companyId: string; actor: ClaimActor; id: string },
): Promise<ClaimViewRow | undefined> {
  return claimSelect(db, input.actor).where('c.company_id', '=', input.companyId).where('c.id', '=', input.id).executeTakeFirst();
}

export function filtersOf(input: { actor: ClaimActor; query: ClaimListQuery }): RawBuilder<boolean>[] {
  const { actor, query } = input;
  const conditions: RawBuilder<boolean>[] = [];
  // Whom one may approve for, one may read: the approver's list needs no second reach.
  if (query.view === 'approve') conditions.push(sql<boolean>`(c.status = 'submitted' AND ${approvableBy(sql`c.user_id`, actor.approver)})`);
  else conditions.push(readableBy(sql`c.user_id`, actor.reader));
  if (query.view === 'mine') conditions.push(sql<boolean>`c.user_id = ${actor.userId}`);
  // Someone else's drafts are theirs alone.
  conditions.push(sql<boolean>`(c.status <> 'draft' OR c.user_id = ${actor.userId})`);
  // "expense" finds the claims with receipt items, "mileage" those with journeys: a mixed claim is both.
  if (query.claim_type) conditions.push(sql<boolean>`c.claim_type IN (${query.claim_type}, 'mixed')`);
  if (query.status?.length) conditions.push(sql<boolean>`c.status IN (${sql.join(query.status)})`);
  if (query.user_id?.length) conditions.push(sql<boolean>`c.user_id IN (${sql.join(query.user_id.map((id) => sql`${id}::uuid`))})`);
  if (query.expense_type_id) {
    conditions.push(
      sql<boolean>`EXISTS (SELECT 1 FROM expense_items ti WHERE ti.claim_id = c.id AND ti.expense_type_id = ${query.expense_type_id})`,
    );
  }
  if (query.from) conditions.push(sql<boolean>`c.last_date >= ${query.from}::date`);
  if (query.to) conditions.push(sql<boolean>`c.first_date <= ${query.to}::date`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql<boolean>`(c.description ILIKE ${pattern} OR (u.first_name || ' ' || u.surname) ILIKE ${pattern})`);
  }
  return conditions;
}

/** The page's two statements (its rows and their count), built apart so they can be explained. */
export function claimPageQueries(db: DbOrTrx, input: { companyId: string; actor: ClaimActor; query: ClaimListQuery; paging: Paging }) {
  const where = sql<boolean>`${sql.join(filtersOf(input), sql` AND `)}`;
  const order = input.query.view === 'approve' ? sql`c.submitted_at ASC, c.id` : sql`c.created_at DESC, c.id`;
  const rows = claimSelect(db, input.actor, input.query.view === 'approve' ? 'known' : 'per_row')
    .where('c.company_id', '=', input.companyId)
    .where(where)
    .orderBy(order)
    .limit(input.paging.limit)
    .offset(input.paging.offset);
  // The person's name is joined only when the search needs it.
  const base = db.selectFrom('expense_claims as c');
  const count = (input.query.search ? base.innerJoin('users as u', 'u.id', 'c.user_id') : base)
    .select(sql<number>`count(*)::int`.as('count'))
    .where('c.company_id', '=', input.companyId)
    .where(where);
  return { rows, count };
}

export async function findClaimPage(
  db: DbOrTrx,
  input: { companyId: string; actor: ClaimActor; query: ClaimListQuery; paging: Paging },
): Promise<{ rows: ClaimViewRow[]; count: number }> {
  const queries = claimPageQueries(db, input);
  const rows = await queries.rows.execute();
  const counted = await queries.count.executeTakeFirst();
  return { rows, count: counted?.count ?? 0 };
}

/** Claims waiting for the actor's decision. */
export async function countAwaitingApproval(db: DbOrTrx, input: { companyId: string; actor: ClaimActor }): Promise<number> {
  const row = await db
    .selectFrom('expense_claims as c')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('c.company_id', '=', input.companyId)
    .where('c.status', '=', 'submitted')
    .where(approvableBy(sql`c.user_id`, input.actor.approver))
    .executeTakeFirst();
  return row?.count ?? 0;
}

export type ReceiptRow = {
  id: string;
  item_id: string;
  file_id: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
};

export async function findReceipts(db: DbOrTrx, input: { companyId: string; claimId: string; receiptId?: string }): Promise<ReceiptRow[]> {
  let query = db
    .selectFrom('expense_receipts as r')
    .innerJoin('files as f', 'f.id', 'r.file_id')
    .select(['r.id', 'r.item_id', 'r.file_id', 'f.original_name', 'f.mime_type', 'f.size_bytes', 'f.storage_key'])
    .where('r.company_id', '=', input.companyId)
    .where('r.claim_id', '=', input.claimId);
  if (input.receiptId) query = query.where('r.id', '=', input.receiptId);
  return query.orderBy('r.created_at').orderBy('r.id').execute();
}

export async function insertReceipt(
  db: DbOrTrx,
  input: { companyId: string; claimId: string; itemId: string; fileId: string },
): Promise<string> {
  const row = await db
    .insertInto('expense_receipts')
    .values({ company_id: input.companyId, claim_id: input.claimId, item_id: input.itemId, file_id: input.fileId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a receipt and its file row; returns the storage key whose bytes are to go. */
export async function deleteReceipt(
  db: DbOrTrx,
  input: { companyId: string; claimId: string; receiptId: string },
): Promise<string | undefined> {
  const [receipt] = await findReceipts(db, input);
  if (!receipt) return undefined;
  await db.deleteFrom('expense_receipts').where('company_id', '=', input.companyId).where('id', '=', receipt.id).execute();
  await db.deleteFrom('files').where('company_id', '=', input.companyId).where('id', '=', receipt.file_id).execute();
  return receipt.storage_key;
}

/** The receipt files with these original names (the demo's), with their storage keys and hashes. */
export async function findReceiptFilesNamed(
  db: DbOrTrx,
  names: readonly string[],
): Promise<{ storage_key: string; original_name: string; sha256: string }[]> {
  if (names.length === 0) return [];
  const found = await sql<{ storage_key: string; original_name: string; sha256: string }>`
    SELECT f.storage_key, f.original_name, f.sha256 FROM files f
    WHERE f.original_name IN (${sql.join([...names])}) AND EXISTS (SELECT 1 FROM expense_receipts r WHERE r.file_id = f.id)`.execute(db);
  return found.rows;
}
