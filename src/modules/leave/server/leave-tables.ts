// The tables of migration 0013 (leave and absences). Calendar dates are 'yyyy-MM-dd' strings;
// numeric columns are numbers (database.ts).
import type { ColumnType, Generated } from 'kysely';
import type {
  AbsenceStatus,
  AccrualMethod,
  BankHolidayRegion,
  BankHolidaysMode,
  DurationType,
  HalfDayPart,
  LeaveTypeKey,
  LeaveUnit,
  ReturnToWorkKind,
  ReturnToWorkStatus,
  ServiceStep,
  ValueLogKind,
} from '../leave.contract';
import type { SelfCertificationAnswers } from '../return-to-work.contract';

type CreatedAt = Generated<Date>;
type TenantRow = { id: Generated<string>; company_id: string; created_at: CreatedAt };
type UserRow = TenantRow & { user_id: string };
type Json<T> = ColumnType<T, string, string>;

export interface LeaveTypesTable extends TenantRow {
  key: LeaveTypeKey | null;
  name: string;
  paid: Generated<boolean>;
  deducted: Generated<boolean>;
  needs_approval: Generated<boolean>;
  colour: Generated<string>;
  sort_order: Generated<number>;
  archived_at: Date | null;
}

export interface AbsencePolicyTemplatesTable extends TenantRow {
  name: string;
  unit: Generated<LeaveUnit>;
  allowance: number;
  full_time_days_per_week: Generated<number>;
  full_time_hours_per_week: Generated<number>;
  bank_holidays: Generated<BankHolidaysMode>;
  accrual: Generated<AccrualMethod>;
  carry_over_max: Generated<number>;
  carry_over_expiry_months: Generated<number>;
  allow_negative: Generated<boolean>;
  service_steps: ColumnType<ServiceStep[], string | undefined, string>;
  is_default: Generated<boolean>;
}

export interface CompanyLeaveSettingsTable {
  company_id: string;
  leave_year_start_month: Generated<number>;
  leave_year_start_day: Generated<number>;
  rolled_up_holiday_pay: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface UserAbsencePoliciesTable {
  user_id: string;
  company_id: string;
  template_id: string;
  updated_at: Generated<Date>;
}

export interface UserAbsencePeriodsTable extends UserRow {
  template_id: string | null;
  start_date: string;
  end_date: string;
  unit: LeaveUnit;
}

export interface UserAbsencePeriodValuesTable extends UserRow {
  period_id: string;
  leave_type_id: string;
  unit: LeaveUnit;
  entitlement: Generated<number>;
  carried_over: Generated<number>;
  carry_over_expires_on: string | null;
  /** Always the sum of the value's logs: change it only through logValueChange. */
  balance: Generated<number>;
}

/** Migration 0054: leave sickness prevented, carried under WTR reg 13(10) as lines of their own. */
export interface LeaveSicknessCarryOversTable extends UserRow {
  value_id: string;
  arose_start: string;
  arose_end: string;
  amount: number;
  expires_on: string;
  expired_at: Date | null;
}

export interface UserAbsencePeriodValueLogsTable extends UserRow {
  value_id: string;
  change: number;
  kind: ValueLogKind;
  reason: string;
  hours_worked: number | null;
  absence_id: string | null;
  actor_id: string | null;
  /** Migration 0057: what the line comes from when another module feeds it (a week of approved clocked hours). */
  source_key: string | null;
}

export interface UserAbsencesTable extends UserRow {
  leave_type_id: string;
  period_id: string | null;
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
  hours: number | null;
  deduction: Generated<number>;
  deduction_unit: Generated<LeaveUnit>;
  status: AbsenceStatus;
  notes: string | null;
  decline_reason: string | null;
  cancel_reason: string | null;
  blocked_override_reason: string | null;
  sickness_category: string | null;
  returned_on: string | null;
  requested_by: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  updated_at: Generated<Date>;
}

export interface UserAbsenceMedicalTable {
  absence_id: string;
  company_id: string;
  user_id: string;
  detail: string;
  updated_at: Generated<Date>;
}

export interface UserAbsenceEventsTable extends TenantRow {
  absence_id: string;
  actor_id: string | null;
  action: string;
  note: string | null;
}

export interface BlockedDatePeriodsTable extends TenantRow {
  name: string;
  start_date: string;
  end_date: string;
  department_id: string | null;
  notes: string | null;
}

export interface CompanyBankHolidaysTable extends TenantRow {
  date: string;
  name: string;
  region: BankHolidayRegion | null;
}

export interface ReturnToWorkItemsTable extends UserRow {
  absence_id: string;
  kind: ReturnToWorkKind;
  status: ReturnToWorkStatus;
  first_day: string;
  last_day: string;
  answers: Json<SelfCertificationAnswers | null>;
  fit_note_file_id: string | null;
  submitted_at: Date | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  review_note: string | null;
  updated_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    leave_types: LeaveTypesTable;
    absence_policy_templates: AbsencePolicyTemplatesTable;
    company_leave_settings: CompanyLeaveSettingsTable;
    user_absence_policies: UserAbsencePoliciesTable;
    user_absence_periods: UserAbsencePeriodsTable;
    user_absence_period_values: UserAbsencePeriodValuesTable;
    user_absence_period_value_logs: UserAbsencePeriodValueLogsTable;
    leave_sickness_carry_overs: LeaveSicknessCarryOversTable;
    user_absences: UserAbsencesTable;
    user_absence_medical: UserAbsenceMedicalTable;
    user_absence_events: UserAbsenceEventsTable;
    blocked_date_periods: BlockedDatePeriodsTable;
    company_bank_holidays: CompanyBankHolidaysTable;
    return_to_work_items: ReturnToWorkItemsTable;
  }
}
