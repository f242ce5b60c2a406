// Leave settings: leave types, policy templates, the company's leave settings, blocked date
// periods and bank holidays.
import * as v from 'valibot';
import { fieldMessages, numberField } from '../../shared/validators';
import {
  ACCRUAL_METHODS,
  type AccrualMethod,
  BANK_HOLIDAY_REGIONS,
  BANK_HOLIDAYS_MODES,
  type BankHolidayRegion,
  type BankHolidaysMode,
  dateParam,
  flag,
  LEAVE_UNITS,
  leaveMessages,
  type LeaveTypeKey,
  type LeaveUnit,
  nullableId,
  nullableLines,
  ordered,
  requiredDate,
  requiredText,
  type ServiceStep,
  steps,
  uuidParam,
} from './leave.contract';

export type LeaveType = {
  id: string;
  /** Built-in types have a key; company-defined ones null. */
  key: LeaveTypeKey | null;
  name: string;
  paid: boolean;
  deducted: boolean;
  needs_approval: boolean;
  colour: string;
  sort_order: number;
  archived: boolean;
};
export type LeaveTypeSummary = Pick<LeaveType, 'id' | 'key' | 'name' | 'colour' | 'paid' | 'deducted'>;
export const LEAVE_TYPE_COLOURS = [
  'green',
  'red',
  'grape',
  'pink',
  'indigo',
  'violet',
  'cyan',
  'teal',
  'dark',
  'lime',
  'orange',
  'yellow',
  'gray',
  'blue',
] as const;
const leaveTypeEntries = {
  name: requiredText(100),
  paid: v.boolean(),
  deducted: v.boolean(),
  needs_approval: v.boolean(),
  colour: v.optional(v.picklist(LEAVE_TYPE_COLOURS, leaveMessages.unknown), 'gray'),
  archived: v.optional(v.boolean(), false),
};
export const LeaveTypeInputSchema = v.object(leaveTypeEntries);
export type LeaveTypeInput = v.InferInput<typeof LeaveTypeInputSchema>;
/** `include_archived=1` lists archived types too (settings); forms list only live ones. */
export const LeaveTypeQuerySchema = v.object({ include_archived: flag });

// ---- Policy templates (GET/POST /api/absence-policy-template, PUT/DELETE …/{id}) ------------

export type PolicyTemplate = {
  id: string;
  name: string;
  unit: LeaveUnit;
  allowance: number;
  full_time_days_per_week: number;
  full_time_hours_per_week: number;
  bank_holidays: BankHolidaysMode;
  accrual: AccrualMethod;
  carry_over_max: number;
  carry_over_expiry_months: number;
  allow_negative: boolean;
  service_steps: ServiceStep[];
  is_default: boolean;
  /** Employees assigned this template. */
  users_count: number;
};
export const PolicyTemplateInputSchema = v.object({
  name: requiredText(100),
  unit: v.picklist(LEAVE_UNITS, leaveMessages.unknown),
  allowance: v.pipe(numberField({ min: 0, max: 10000 }), steps(4, leaveMessages.quarterHours)),
  full_time_days_per_week: v.optional(v.pipe(numberField({ min: 1, max: 7 }), steps(2, leaveMessages.halfDays)), 5),
  full_time_hours_per_week: v.optional(v.pipe(numberField({ min: 1, max: 168 }), steps(4, leaveMessages.quarterHours)), 37.5),
  bank_holidays: v.picklist(BANK_HOLIDAYS_MODES, leaveMessages.unknown),
  accrual: v.optional(v.picklist(ACCRUAL_METHODS, leaveMessages.unknown), 'upfront'),
  carry_over_max: v.optional(v.pipe(numberField({ min: 0, max: 10000 }), steps(4, leaveMessages.quarterHours)), 0),
  carry_over_expiry_months: v.optional(numberField({ min: 0, max: 12, integer: true }), 3),
  allow_negative: v.optional(v.boolean(), false),
  service_steps: v.optional(
    v.pipe(
      v.array(
        v.object({
          after_years: numberField({ min: 1, max: 50, integer: true }),
          extra: v.pipe(numberField({ min: 0, max: 100 }), steps(2, leaveMessages.halfDays)),
        }),
      ),
      v.maxLength(10, fieldMessages.maxLength),
    ),
    [],
  ),
  is_default: v.optional(v.boolean(), false),
});
export type PolicyTemplateInput = v.InferInput<typeof PolicyTemplateInputSchema>;

// ---- Company leave settings (GET/PUT /api/company-leave-settings) --------------------------

export type CompanyLeaveSettings = {
  leave_year_start_month: number;
  leave_year_start_day: number;
  /** WTR reg 16A: irregular-hours and part-year workers are paid 12.07% of their pay for hours worked as holiday pay. */
  rolled_up_holiday_pay: boolean;
};
export const CompanyLeaveSettingsInputSchema = v.object({
  leave_year_start_month: numberField({ min: 1, max: 12, integer: true }),
  leave_year_start_day: numberField({ min: 1, max: 28, integer: true }),
  /** Left out: unchanged. */
  rolled_up_holiday_pay: v.optional(v.boolean()),
});
export type CompanyLeaveSettingsInput = v.InferOutput<typeof CompanyLeaveSettingsInputSchema>;
/** Shown beside the switch in the leave settings. */
export const ROLLED_UP_HOLIDAY_PAY_DESCRIPTION =
  'Irregular-hours and part-year workers (policies accruing 12.07% of hours worked) are paid 12.07% of their pay for hours worked as holiday pay with their wages, shown on their balances and in the payroll export, instead of being paid when they take leave. For leave years starting on or after 1 April 2024.';

// ---- Blocked date periods (GET/POST /api/blocked-date-period, PUT/DELETE …/{id}) ------------

export type BlockedDatePeriod = {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  /** Null: the whole company. */
  department_id: string | null;
  department_name: string | null;
  notes: string | null;
};
export const BlockedDatePeriodInputSchema = v.pipe(
  v.object({
    name: requiredText(100),
    start_date: requiredDate,
    end_date: requiredDate,
    department_id: v.optional(nullableId, null),
    notes: v.optional(nullableLines(2000), null),
  }),
  ordered('start_date', 'end_date'),
);
export type BlockedDatePeriodInput = v.InferInput<typeof BlockedDatePeriodInputSchema>;
/** Lists overlap `from`..`to` when given. */
export const BlockedDateQuerySchema = v.object({ from: v.optional(dateParam), to: v.optional(dateParam) });

// ---- Bank holidays (GET /api/bank-holiday-regions; GET/POST /api/bank-holidays, DELETE …/{id}) --

export type BankHolidayRegionEntry = { id: BankHolidayRegion; name: string };
export type BankHoliday = {
  /** `{region}:{date}` for shipped days; the row's uuid for a company's own day. */
  id: string;
  date: string;
  name: string;
  /** Null on a company day that applies to every region. */
  region: BankHolidayRegion | null;
  /** A shipped day of a year not yet published, computed from the statutory rules. */
  projected: boolean;
  company_added: boolean;
};
/** bank-holidays (bank_holiday_region_id, year, company_id). */
export const BankHolidayQuerySchema = v.object({
  bank_holiday_region_id: v.optional(v.picklist(BANK_HOLIDAY_REGIONS, leaveMessages.unknown)),
  year: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/, leaveMessages.date), v.transform(Number))),
  company_id: v.optional(uuidParam),
});
export const CompanyBankHolidayInputSchema = v.object({
  date: requiredDate,
  name: requiredText(100),
  region: v.optional(v.nullable(v.picklist(BANK_HOLIDAY_REGIONS, leaveMessages.unknown)), null),
});
