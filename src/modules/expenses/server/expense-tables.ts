// The tables of migration 0019 (expenses), with 0043's mixed claims. Calendar dates are 'yyyy-MM-dd' strings; money is
// pence and miles tenths, as integers (bigint read as numbers, database.ts).
import type { Generated } from 'kysely';
import type { ClaimKind, ClaimStatus, Vehicle } from '../expenses.contract';

type TenantRow = { id: Generated<string>; company_id: string; created_at: Generated<Date> };

export interface ExpenseTypesTable extends TenantRow {
  name: string;
  limit_pence: number | null;
  receipt_required: Generated<boolean>;
  archived_at: Date | null;
}

export interface ExpenseSettingsTable {
  company_id: string;
  car_rate_pence: number | null;
  motorcycle_rate_pence: number | null;
  bicycle_rate_pence: number | null;
  updated_at: Generated<Date>;
}

export interface ExpenseClaimsTable extends TenantRow {
  user_id: string;
  /** What it holds, worked out from its lines on every write (migration 0043 added 'mixed'). */
  claim_type: ClaimKind;
  description: Generated<string>;
  status: Generated<ClaimStatus>;
  total_pence: Generated<number>;
  taxable_pence: Generated<number>;
  approved_pence: number | null;
  first_date: string | null;
  last_date: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
  reject_reason: string | null;
  paid_on: string | null;
  exported_at: Date | null;
  export_reference: string | null;
  updated_at: Generated<Date>;
}

export interface ExpenseItemsTable extends TenantRow {
  claim_id: string;
  position: number;
  date: string;
  expense_type_id: string | null;
  description: Generated<string>;
  supplier: Generated<string>;
  vat_receipt_held: Generated<boolean>;
  gross_pence: Generated<number>;
  vat_pence: Generated<number>;
  taxable_pence: Generated<number>;
  approved_pence: number | null;
  hmrc_pence: number | null;
  miles_tenths: number | null;
  vehicle: Vehicle | null;
  passengers: Generated<number>;
  from_place: Generated<string>;
  to_place: Generated<string>;
  purpose: Generated<string>;
  calculation: string | null;
}

export interface ExpenseReceiptsTable extends TenantRow {
  claim_id: string;
  item_id: string;
  file_id: string;
}

export interface ExpenseClaimEventsTable extends TenantRow {
  claim_id: string;
  actor_id: string | null;
  action: string;
  note: string | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    expense_types: ExpenseTypesTable;
    expense_settings: ExpenseSettingsTable;
    expense_claims: ExpenseClaimsTable;
    expense_items: ExpenseItemsTable;
    expense_receipts: ExpenseReceiptsTable;
    expense_claim_events: ExpenseClaimEventsTable;
  }
}
