// The rows of the claims export: one per item of every claim the list's filters give the
// caller (newest claim first), with the claim's and the person's columns.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ClaimKind, ClaimListQuery, ClaimStatus, Vehicle } from '../expenses.contract';
import type { ClaimActor } from './claim-access';
import { filtersOf } from './claims-read.queries';

export const EXPORT_ROW_LIMIT = 20_000;

export type ExportRow = {
  claim_id: string;
  claim_type: ClaimKind;
  claim_description: string;
  status: ClaimStatus;
  person: string;
  department_name: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  paid_on: string | null;
  exported_at: Date | null;
  date: string;
  expense_type: string | null;
  description: string;
  supplier: string;
  gross_pence: number;
  vat_pence: number;
  vat_receipt_held: boolean;
  approved_pence: number | null;
  hmrc_pence: number | null;
  taxable_pence: number;
  miles_tenths: number | null;
  vehicle: Vehicle | null;
  passengers: number;
  calculation: string | null;
  receipts: number;
};

export async function findExportRows(
  db: DbOrTrx,
  input: { companyId: string; actor: ClaimActor; query: ClaimListQuery },
): Promise<ExportRow[]> {
  const where = sql<boolean>`${sql.join(filtersOf(input), sql` AND `)}`;
  return db
    .selectFrom('expense_claims as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('expense_items as i', 'i.claim_id', 'c.id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('expense_types as t', 't.id', 'i.expense_type_id')
    .select([
      'c.id as claim_id',
      'c.claim_type',
      'c.description as claim_description',
      'c.status',
      sql<string>`u.first_name || ' ' || u.surname`.as('person'),
      'd.name as department_name',
      'c.submitted_at',
      'c.decided_at',
      'c.paid_on',
      'c.exported_at',
      'i.date',
      't.name as expense_type',
      'i.description',
      'i.supplier',
      'i.gross_pence',
      'i.vat_pence',
      'i.vat_receipt_held',
      'i.approved_pence',
      'i.hmrc_pence',
      'i.taxable_pence',
      'i.miles_tenths',
      'i.vehicle',
      'i.passengers',
      'i.calculation',
      sql<number>`(SELECT count(*)::int FROM expense_receipts r WHERE r.item_id = i.id)`.as('receipts'),
    ])
    .where('c.company_id', '=', input.companyId)
    .where(where)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .orderBy('i.position')
    .limit(EXPORT_ROW_LIMIT)
    .execute();
}
