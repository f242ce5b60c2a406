// The tables of migration 0021 (payroll). Calendar dates are 'yyyy-MM-dd' strings; numeric
// columns are numbers (database.ts).
import type { Generated } from 'kysely';
import type { ExportLayout, PayFrequency } from '../payroll.contract';

type TenantRow = { id: Generated<string>; company_id: string; created_at: Generated<Date> };

export interface CompanyPayrollSettingsTable {
  company_id: string;
  frequency: PayFrequency;
  first_period_start: string;
  payroll_contact_email: string | null;
  updated_at: Generated<Date>;
}

export interface PayrollPeriodsTable extends TenantRow {
  start_date: string;
  end_date: string;
  exported_at: Generated<Date>;
  exported_by: string | null;
}

export interface PayrollItemsTable extends TenantRow {
  period_id: string;
  user_id: string;
  source: string;
  source_key: string;
  item_date: string;
  code: string;
  label: string;
  hours: number | null;
  multiplier: number | null;
  days: number | null;
  qualifying_days: number | null;
  amount: number | null;
  taxable: boolean | null;
}

export interface PayrollSendsTable extends TenantRow {
  period_id: string;
  sent_by: string | null;
  sent_to: string;
  layout: ExportLayout;
  token_digest: string;
  expires_at: Date;
  downloaded_at: Date | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    company_payroll_settings: CompanyPayrollSettingsTable;
    payroll_periods: PayrollPeriodsTable;
    payroll_items: PayrollItemsTable;
    payroll_sends: PayrollSendsTable;
  }
}
