// The tables of migration 0020 (overtime). Calendar dates are 'yyyy-MM-dd' strings; numeric
// columns are numbers (database.ts).
import type { Generated } from 'kysely';
import type { Compensation, OvertimeStatus } from '../overtime.contract';

type TenantRow = { id: Generated<string>; company_id: string; created_at: Generated<Date> };

export interface OvertimeRatesTable extends TenantRow {
  pay_rate_type_id: string;
  multiplier: number;
  element_code: string;
}

export interface CompanyOvertimeSettingsTable {
  company_id: string;
  toil_expiry_months: number | null;
  updated_at: Generated<Date>;
}

export interface UserOvertimeTable extends TenantRow {
  user_id: string;
  date: string;
  start_time: string | null;
  end_time: string | null;
  hours: number;
  reason: string;
  compensation: Compensation;
  overtime_rate_id: string | null;
  status: Generated<OvertimeStatus>;
  decline_reason: string | null;
  reported_by: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  toil_expires_on: string | null;
  toil_expired_at: Date | null;
  payroll_period_id: string | null;
  exported_at: Date | null;
  updated_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    overtime_rates: OvertimeRatesTable;
    company_overtime_settings: CompanyOvertimeSettingsTable;
    user_overtime: UserOvertimeTable;
  }
}
