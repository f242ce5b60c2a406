// Leave and absences: leave types, policy templates and their
// assignment, leave years (periods) with a logged value per leave type, absences (requests,
// approvals, sickness), return-to-work items, blocked dates, UK bank holidays, who is at
// work and the Bradford factor. The single truth for client, server and tests.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { isUuid } from '../../shared/ids';
import type { ListResponse } from '../../shared/list';
import { fieldMessages, multilineTextField, numberField, searchField, textField } from '../../shared/validators';
import { PENDING_COUNT_RESOURCE } from '../dashboard/dashboard.contract';

// ---- Names -------------------------------------------------------------------------------

export const LEAVE_RESOURCES = {
  absence: 'user-absence',
  policy: 'user-absence-policy',
  period: 'user-absence-period',
  periodValue: 'user-absence-period-value',
  valueLog: 'user-absence-period-value-log',
  suggested: 'user-suggested-absence',
  createNewPeriod: 'create-new-period',
  blockedDates: 'blocked-date-period',
  policyTemplate: 'absence-policy-template',
  leaveType: 'leave-type',
  bankHolidayRegions: 'bank-holiday-regions',
  bankHolidays: 'bank-holidays',
  leaveSettings: 'company-leave-settings',
  returnToWork: 'return-to-work',
  whoAtWork: 'who-at-work',
  timeline: 'absence-timeline',
  bradford: 'bradford-factor',
} as const;
export type LeaveResource = (typeof LEAVE_RESOURCES)[keyof typeof LEAVE_RESOURCES];

const R = LEAVE_RESOURCES;
/**
 * What each kind of leave write makes stale, as resource names: the server's realtime event of
 * the write lists them, and the tab that wrote invalidates the same (src/client/api/invalidate-resources.ts).
 */
export const LEAVE_INVALIDATES = {
  /** Any step of an absence: requested, approved, declined, cancelled, commented, returned from. */
  absence: [R.absence, R.period, R.whoAtWork, R.timeline, R.returnToWork, PENDING_COUNT_RESOURCE],
  /** A return-to-work item created, filled in, given its fit note or closed. */
  returnToWork: [R.returnToWork, PENDING_COUNT_RESOURCE, R.absence],
  /** A person's balances: an adjustment or hours worked, a policy assigned, the next leave year, carry-over expired. */
  balances: [R.period, R.periodValue, R.valueLog, R.suggested, R.policy],
  /** A company setting, by the resource written (first: the event's name). */
  settings: {
    [R.leaveType]: [R.leaveType, R.period, R.absence],
    [R.policyTemplate]: [R.policyTemplate, R.policy],
    [R.blockedDates]: [R.blockedDates, R.timeline],
    [R.bankHolidays]: [R.bankHolidays, R.timeline, R.suggested],
    [R.leaveSettings]: [R.leaveSettings, R.period],
  },
} as const satisfies {
  absence: readonly string[];
  returnToWork: readonly string[];
  balances: readonly string[];
  settings: Partial<Record<LeaveResource, readonly string[]>>;
};
export type LeaveSettingsResource = keyof typeof LEAVE_INVALIDATES.settings;

/** The permission endpoints (what each role holds: server/leave.grants.ts). */
export const LEAVE_ENDPOINTS = {
  absence: '/api/user-absence',
  approve: '/api/approve-absence',
  returnToWork: '/api/return-to-work',
  /** Medical detail and self-certification answers: the special-category gate. */
  specialCategory: '/api/user-special-category',
  bradford: '/api/bradford-factor',
} as const;

const path = (resource: string, id?: string) => (id === undefined ? `/api/${resource}` : `/api/${resource}/${encodeURIComponent(id)}`);
export const leavePaths = {
  resource: (resource: LeaveResource, id?: string) => path(resource, id),
  absenceAction: (id: string, action: AbsenceAction) => `${path(LEAVE_RESOURCES.absence, id)}/${action}`,
  absenceBulk: `${path(LEAVE_RESOURCES.absence)}/bulk`,
  suggested: (userId: string) => path(LEAVE_RESOURCES.suggested, userId),
  policy: (userId: string) => path(LEAVE_RESOURCES.policy, userId),
  bradford: (userId: string) => path(LEAVE_RESOURCES.bradford, userId),
  selfCertification: (rtwId: string) => `${path(LEAVE_RESOURCES.returnToWork, rtwId)}/self-certification`,
  fitNote: (rtwId: string) => `${path(LEAVE_RESOURCES.returnToWork, rtwId)}/fit-note`,
  review: (rtwId: string) => `${path(LEAVE_RESOURCES.returnToWork, rtwId)}/review`,
  /** The iCalendar feed of a user's calendar token (no bearer token: the token is the secret). */
  calendarFeed: (token: string) => `/api/calendar/${encodeURIComponent(token)}.ics`,
} as const;

/** Screens. */
export const LEAVE_ROUTES = {
  timeline: '/leave-and-absences/timeline',
  list: '/leave-and-absences/list',
  returnToWork: '/leave-and-absences/return-to-work',
  request: '/leave-and-absences/request',
  balances: '/leave-and-absences/balances',
  absence: (id: string) => `/absence/${id}`,
  selfCertification: (id: string) => `/return-to-work/${id}/self-certification`,
  settings: '/settings/absence-and-leave-settings',
} as const;

// ---- Vocabulary --------------------------------------------------------------------------

export const LEAVE_TYPE_KEYS = [
  'annual_leave',
  'sickness',
  'compassionate',
  'maternity',
  'paternity',
  'adoption',
  'shared_parental',
  'neonatal_care',
  'parental_bereavement',
  'carers_leave',
  'dependants',
  'unpaid_parental',
  'unpaid',
  'toil',
  'other',
] as const;
export type LeaveTypeKey = (typeof LEAVE_TYPE_KEYS)[number];

export const LEAVE_UNITS = ['days', 'hours'] as const;
export type LeaveUnit = (typeof LEAVE_UNITS)[number];
export const BANK_HOLIDAYS_MODES = ['included', 'on_top'] as const;
export type BankHolidaysMode = (typeof BANK_HOLIDAYS_MODES)[number];
export const BANK_HOLIDAYS_MODE_LABELS: Record<BankHolidaysMode, string> = {
  included: 'Included in the allowance',
  on_top: 'On top of the allowance',
};
export const ACCRUAL_METHODS = ['upfront', 'monthly', 'hours_worked'] as const;
export type AccrualMethod = (typeof ACCRUAL_METHODS)[number];
export const ACCRUAL_LABELS: Record<AccrualMethod, string> = {
  upfront: 'Whole allowance at the start of the leave year',
  monthly: 'Accrues monthly',
  hours_worked: '12.07% of hours worked (irregular hours and part-year workers)',
};
/** Extra allowance (in the template's unit) after whole years of service. */
export type ServiceStep = { after_years: number; extra: number };

export const BANK_HOLIDAY_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type BankHolidayRegion = (typeof BANK_HOLIDAY_REGIONS)[number];
export const BANK_HOLIDAY_REGION_LABELS: Record<BankHolidayRegion, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};
/** The years the repository ships bank holidays for; beyond the published ones they are projected. */
export const BANK_HOLIDAY_YEARS = { first: 2018, last: 2030 } as const;

export const ABSENCE_STATUSES = ['pending', 'approved', 'declined', 'cancelled', 'cancellation_requested'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];
export const ABSENCE_STATUS_LABELS: Record<AbsenceStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
  cancellation_requested: 'Cancellation requested',
};
/** the `status=needApproval`: what waits for an approver. */
export const NEED_APPROVAL = 'needApproval';
export const NEED_APPROVAL_STATUSES: readonly AbsenceStatus[] = ['pending', 'cancellation_requested'];
/** Statuses whose absence holds its days (overlap checks, timelines, who is at work). */
export const LIVE_STATUSES: readonly AbsenceStatus[] = ['pending', 'approved', 'cancellation_requested'];

export const DURATION_TYPES = ['days', 'half_day', 'hours'] as const;
export type DurationType = (typeof DURATION_TYPES)[number];
export const HALF_DAY_PARTS = ['morning', 'afternoon'] as const;
export type HalfDayPart = (typeof HALF_DAY_PARTS)[number];

export const SICKNESS_CATEGORIES = [
  'cold_flu',
  'stomach',
  'musculoskeletal',
  'headache_migraine',
  'mental_health',
  'injury',
  'medical_appointment',
  'covid',
  'other',
] as const;
export type SicknessCategory = (typeof SICKNESS_CATEGORIES)[number];
export const SICKNESS_CATEGORY_LABELS: Record<SicknessCategory, string> = {
  cold_flu: 'Cold or flu',
  stomach: 'Stomach upset',
  musculoskeletal: 'Back, neck or joint problem',
  headache_migraine: 'Headache or migraine',
  mental_health: 'Stress, anxiety or other mental health',
  injury: 'Injury',
  medical_appointment: 'Hospital or medical procedure',
  covid: 'COVID-19',
  other: 'Other',
};

export const VALUE_LOG_KINDS = [
  'entitlement',
  'carry_over',
  'adjustment',
  'accrual',
  'hours_worked',
  'service',
  'expiry',
  'bank_holidays',
  'absence',
  'absence_cancelled',
] as const;
export type ValueLogKind = (typeof VALUE_LOG_KINDS)[number];
/** What an administrator may log by hand; the rest are written by the system. */
export const MANUAL_LOG_KINDS = ['adjustment', 'hours_worked'] as const;

export const RETURN_TO_WORK_KINDS = ['self_certification', 'fit_note'] as const;
export type ReturnToWorkKind = (typeof RETURN_TO_WORK_KINDS)[number];
export const RETURN_TO_WORK_STATUSES = ['awaiting_employee', 'awaiting_review', 'closed'] as const;
export type ReturnToWorkStatus = (typeof RETURN_TO_WORK_STATUSES)[number];
export const RETURN_TO_WORK_STATUS_LABELS: Record<ReturnToWorkStatus, string> = {
  awaiting_employee: 'Waiting for the employee',
  awaiting_review: 'Waiting for review',
  closed: 'Closed',
};
/** Up to this many calendar days an employee self-certifies; beyond, a fit note is needed (UK SSP rules). */
export const SELF_CERTIFICATION_MAX_DAYS = 7;

export const ABSENCE_ACTIONS = ['approve', 'decline', 'cancel', 'comment', 'return'] as const;
export type AbsenceAction = (typeof ABSENCE_ACTIONS)[number];

// ---- Messages (the words on screen and in 422/409 answers) --------------------------------

export const leaveMessages = {
  date: 'This is not a valid date.',
  unknown: 'Unknown item.',
  endBeforeStart: 'The end date cannot be before the start date.',
  overlap: (start: string, end: string) => `This overlaps another absence of the same person (${start} to ${end}).`,
  blocked: (name: string) => `These dates fall in a blocked period (${name}). Please choose other dates.`,
  overrideReasonRequired: 'Give a reason to book inside a blocked period.',
  insufficientBalance: (remaining: string) => `Not enough allowance left: ${remaining} remaining.`,
  nothingToDeduct: 'These dates contain no working days for this person.',
  noPolicy: 'This person has no absence policy yet. Ask an administrator to assign one.',
  noPeriod: 'There is no leave year open for these dates.',
  declineReasonRequired: 'Give a reason for declining.',
  cannotApproveOwn: 'You cannot approve your own request.',
  notApprover: 'You may not approve absences for this person.',
  notPending: 'This absence is no longer waiting for a decision.',
  cannotCancel: 'This absence can no longer be cancelled.',
  endRequired: 'Give an end date.',
  openEndedOnlySickness: 'Only a sickness absence may be left open-ended.',
  halfDayOneDay: 'A half day is a single day: the end date must equal the start date.',
  hoursOneDay: 'Hours are booked on a single day: the end date must equal the start date.',
  halfDayPartRequired: 'Choose morning or afternoon.',
  hoursRequired: 'Give the number of hours.',
  quarterHours: 'Use quarter hours (such as 1.25 or 3.5).',
  halfDays: 'Use whole or half days (such as 1 or 2.5).',
  reasonRequired: 'Give a reason.',
  builtInNotDeleted: 'Built-in leave types cannot be deleted; archive it instead.',
  leaveTypeInUse: (count: number) => `This leave type is used by ${count} absence${count === 1 ? '' : 's'}. Archive it instead.`,
  templateInUse: (count: number) => `This policy is assigned to ${count} employee${count === 1 ? '' : 's'}. Assign them another first.`,
  periodExists: 'The next leave year is already open.',
  shippedBankHoliday: 'UK bank holidays cannot be deleted; only days your company added.',
  bankHolidayExists: 'This day is already a company bank holiday.',
  hoursWorkedNeedsAccrual: 'Hours worked can only be logged under a policy that accrues 12.07% of hours worked.',
  noCurrentPeriod: 'This person has no leave year to carry over from yet.',
  spansLeaveYears: (boundary: string) => `A request cannot cross the start of a leave year (${boundary}); split it in two.`,
  declarationRequired: 'Please confirm the declaration.',
  fitNoteRequired: 'Upload the fit note first.',
  notSickness: 'Only a sickness absence has a return to work.',
  returnBeforeStart: 'The return date cannot be before the first day of absence.',
  wrongStep: 'This return to work is not at that step.',
  medicalNotAllowed: 'You may not record medical detail for this person.',
  absenceClosed: 'This absence was cancelled or declined.',
  alreadyReturned: 'The return for this absence has already been recorded.',
  tooLong: 'An absence cannot be longer than two years; split it in two.',
} as const;

// ---- Field schemas -----------------------------------------------------------------------

const emptyToNull = v.transform((value: string) => (value === '' ? null : value));
const formatted = (message: string, test: (value: string) => boolean) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((x) => x === '' || test(x), message),
  );
const filled = (schema: ReturnType<typeof formatted>) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), schema);
const orNull = (schema: ReturnType<typeof formatted>) => v.nullable(v.pipe(schema, emptyToNull));
export const requiredDate = filled(formatted(leaveMessages.date, isIsoDate));
export const nullableDate = orNull(formatted(leaveMessages.date, isIsoDate));
export const requiredId = filled(formatted(leaveMessages.unknown, isUuid));
export const nullableId = orNull(formatted(leaveMessages.unknown, isUuid));
const requiredText = (maxLength: number) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), textField({ maxLength }));
const nullableLines = (maxLength: number) => v.nullable(v.pipe(multilineTextField({ maxLength }), emptyToNull));
const requiredLines = (maxLength: number) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), multilineTextField({ maxLength }));
const steps = (step: number, message: string) =>
  v.check((value: number) => Math.abs(value * step - Math.round(value * step)) < 1e-6, message);
/** List filters are always sent as lists; a single value is wrapped into one. */
export const listOf = <T extends v.GenericSchema<unknown, string>>(item: T) =>
  v.pipe(
    v.union([v.array(item), item]),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
  );
const flag = v.optional(
  v.pipe(
    v.picklist(['0', '1', 'true', 'false']),
    v.transform((x) => x === '1' || x === 'true'),
  ),
);
const uuidParam = v.pipe(v.string(), v.uuid(leaveMessages.unknown));
const dateParam = v.pipe(v.string(), v.check(isIsoDate, leaveMessages.date));

type Dated = Record<string, unknown>;
/** `end` (when given) is not before `start`: the message lands on `end`. */
export const ordered = <T extends Dated>(start: keyof T & string, end: keyof T & string, message: string = leaveMessages.endBeforeStart) =>
  v.forward<T, v.CheckIssue<T>, [string]>(
    v.check((input: T) => {
      const [from, to] = [input[start], input[end]];
      return typeof from !== 'string' || typeof to !== 'string' || to >= from;
    }, message),
    [end] as never,
  );

// ---- Leave types (GET/POST /api/leave-type, PUT/DELETE /api/leave-type/{id}) ---------------

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

export type CompanyLeaveSettings = { leave_year_start_month: number; leave_year_start_day: number };
export const CompanyLeaveSettingsInputSchema = v.object({
  leave_year_start_month: numberField({ min: 1, max: 12, integer: true }),
  leave_year_start_day: numberField({ min: 1, max: 28, integer: true }),
});

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

// ---- Policy assignment (GET/PUT /api/user-absence-policy/{userId}) ------------------------

export type UserAbsencePolicy = { user_id: string; template_id: string | null; template_name: string | null };
export const UserAbsencePolicyInputSchema = v.object({ template_id: requiredId });

// ---- Periods, values and logs ------------------------------------------------------------

export type PeriodValue = {
  id: string;
  period_id: string;
  user_id: string;
  leave_type: LeaveTypeSummary;
  unit: LeaveUnit;
  /** The year's allowance after pro-rata, service and bank holidays (display). */
  entitlement: number;
  carried_over: number;
  carry_over_expires_on: string | null;
  /** Sum of the logs: entitlement, carry-over, adjustments, accruals, minus approved absences. */
  balance: number;
  /** Deductions of requests still pending. */
  pending: number;
  /** Bank holidays on working days taken from the allowance (policies that include them), as a positive amount. */
  bank_holidays: number;
  /** Administrators' adjustments, hours-worked accruals and expired carry-over, summed. */
  adjusted: number;
  /** balance − pending: what a new request may use. */
  available: number;
  /** Approved deductions of absences already started (taken) and still ahead (booked). */
  taken: number;
  booked: number;
};
export type AbsencePeriod = {
  id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  unit: LeaveUnit;
  template_id: string | null;
  template_name: string | null;
  is_current: boolean;
  values: PeriodValue[];
};
/** `grouped=1`: the same values gathered by leave type, newest period first. */
export type PeriodGroup = {
  leave_type: LeaveTypeSummary;
  values: (PeriodValue & { period_start: string; period_end: string })[];
};
/** user-absence-period (user_id, current_only, grouped). */
export const PeriodQuerySchema = v.object({ user_id: uuidParam, current_only: flag, grouped: flag });

export type ValueLog = {
  id: string;
  value_id: string;
  change: number;
  kind: ValueLogKind;
  reason: string;
  hours_worked: number | null;
  absence_id: string | null;
  actor_name: string | null;
  created_at: string;
};
export const ValueLogQuerySchema = v.object({ value_id: uuidParam });
/** POST /api/user-absence-period-value-log: an administrator's adjustment, or hours worked (12.07% accrual). */
export const ValueLogInputSchema = v.pipe(
  v.object({
    value_id: requiredId,
    kind: v.optional(v.picklist(MANUAL_LOG_KINDS, leaveMessages.unknown), 'adjustment'),
    change: v.optional(v.pipe(numberField({ min: -1000, max: 1000 }), steps(4, leaveMessages.quarterHours)), 0),
    hours_worked: v.optional(v.nullable(v.pipe(numberField({ min: 0, max: 1000 }), steps(4, leaveMessages.quarterHours))), null),
    reason: requiredLines(500),
  }),
  v.forward(
    v.check((input) => input.kind !== 'hours_worked' || (input.hours_worked ?? 0) > 0, leaveMessages.hoursRequired),
    ['hours_worked'],
  ),
  v.forward(
    v.check((input) => input.kind !== 'adjustment' || input.change !== 0, fieldMessages.required),
    ['change'],
  ),
);
export type ValueLogInput = v.InferInput<typeof ValueLogInputSchema>;

/** POST /api/create-new-period: opens the leave year after the person's latest, with carry-over. */
export const CreateNewPeriodInputSchema = v.object({ user_id: requiredId });

// ---- Absences ----------------------------------------------------------------------------

export type PersonSummary = {
  id: string;
  first_name: string;
  surname: string;
  department_id: string | null;
  department_name: string | null;
};
export type Absence = {
  id: string;
  user: PersonSummary;
  leave_type: LeaveTypeSummary;
  start_date: string;
  /** Null: an open-ended sickness absence. */
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
  hours: number | null;
  deduction: number;
  deduction_unit: LeaveUnit;
  status: AbsenceStatus;
  notes: string | null;
  decline_reason: string | null;
  cancel_reason: string | null;
  blocked_override_reason: string | null;
  sickness_category: SicknessCategory | null;
  returned_on: string | null;
  requested_by_name: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  created_at: string;
  /** The caller may approve or decline it now. */
  can_approve: boolean;
  /** The caller may cancel it (or ask to) now. */
  can_cancel: boolean;
  return_to_work_id: string | null;
};
export type AbsenceEvent = { id: string; action: string; note: string | null; actor_name: string | null; created_at: string };
/** GET /api/user-absence/{id}. `medical_detail` is present only for those the special-category gate lets see it. */
export type AbsenceDetail = Absence & { events: AbsenceEvent[]; medical_detail?: string | null };

export const ABSENCE_SORTS = ['start_date', '-start_date', 'created_at', '-created_at', 'name'] as const;
/**
 * GET /api/user-absence: `status` takes statuses or `needApproval`; `show_relevant_to_me=1`
 * keeps what the caller may approve; `from`/`to` keep absences overlapping those dates.
 */
export const AbsenceListQuerySchema = v.object({
  user_id: v.optional(listOf(uuidParam)),
  department_id: v.optional(listOf(uuidParam)),
  leave_type_id: v.optional(listOf(uuidParam)),
  status: v.optional(listOf(v.picklist([...ABSENCE_STATUSES, NEED_APPROVAL], leaveMessages.unknown))),
  show_relevant_to_me: flag,
  from: v.optional(dateParam),
  to: v.optional(dateParam),
  search: searchField(),
  sort: v.optional(v.picklist(ABSENCE_SORTS, leaveMessages.unknown)),
});
export type AbsenceListQuery = v.InferOutput<typeof AbsenceListQuerySchema>;
export type AbsenceList = ListResponse<Absence>;

const absenceEntries = {
  /** The caller when not given. */
  user_id: v.optional(nullableId, null),
  leave_type_id: requiredId,
  start_date: requiredDate,
  end_date: v.optional(nullableDate, null),
  duration_type: v.optional(v.picklist(DURATION_TYPES, leaveMessages.unknown), 'days'),
  half_day_part: v.optional(v.nullable(v.picklist(HALF_DAY_PARTS, leaveMessages.halfDayPartRequired)), null),
  hours: v.optional(v.nullable(v.pipe(numberField({ min: 0.25, max: 24 }), steps(4, leaveMessages.quarterHours))), null),
  notes: v.optional(nullableLines(2000), null),
  /** A manager booking inside a blocked period says why. */
  blocked_override_reason: v.optional(nullableLines(500), null),
  sickness_category: v.optional(v.nullable(v.picklist(SICKNESS_CATEGORIES, leaveMessages.unknown)), null),
  /** Special-category; stored apart and never returned without the gate. */
  medical_detail: v.optional(nullableLines(2000), null),
};
type AbsenceShape = {
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
  hours: number | null;
};
const absenceRules = <T extends AbsenceShape>() =>
  [
    ordered<T>('start_date', 'end_date'),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'half_day' || x.end_date === null || x.end_date === x.start_date, leaveMessages.halfDayOneDay),
      ['end_date'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'hours' || x.end_date === null || x.end_date === x.start_date, leaveMessages.hoursOneDay),
      ['end_date'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'half_day' || x.half_day_part !== null, leaveMessages.halfDayPartRequired),
      ['half_day_part'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'hours' || x.hours !== null, leaveMessages.hoursRequired),
      ['hours'] as never,
    ),
  ] as const;
const createAbsence = v.object(absenceEntries);
/** POST /api/user-absence: a request (or a sickness report, or a booking by a manager). */
export const CreateAbsenceInputSchema = v.pipe(createAbsence, ...absenceRules<v.InferOutput<typeof createAbsence>>());
export type CreateAbsenceInput = v.InferInput<typeof CreateAbsenceInputSchema>;

export const DeclineInputSchema = v.object({
  reason: v.pipe(
    v.string(leaveMessages.declineReasonRequired),
    v.trim(),
    v.nonEmpty(leaveMessages.declineReasonRequired),
    multilineTextField({ maxLength: 500 }),
  ),
});
export const ApproveInputSchema = v.object({ note: v.optional(nullableLines(500), null) });
export const CancelInputSchema = v.object({ reason: v.optional(nullableLines(500), null) });
export const CommentInputSchema = v.object({ body: requiredLines(2000) });
/** POST /api/user-absence/{id}/return: the person is back (sickness); creates the return-to-work item. */
export const ReturnInputSchema = v.object({ returned_on: requiredDate });
/** POST /api/user-absence/bulk: all or nothing. */
export const AbsenceBulkSchema = v.variant('action', [
  v.object({
    action: v.literal('approve'),
    data: v.object({ ids: v.pipe(v.array(requiredId), v.minLength(1, fieldMessages.required), v.maxLength(100, fieldMessages.maxLength)) }),
  }),
]);
export type AbsenceBulkResult = { action: 'approve'; updated: number };

// ---- Suggested absence (GET /api/user-suggested-absence/{userId}) ---------------------------

export const SuggestedAbsenceQuerySchema = v.object({
  leave_type_id: uuidParam,
  start_date: dateParam,
  end_date: v.optional(dateParam),
  duration_type: v.optional(v.picklist(DURATION_TYPES, leaveMessages.unknown)),
  half_day_part: v.optional(v.picklist(HALF_DAY_PARTS, leaveMessages.unknown)),
  hours: v.optional(v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, leaveMessages.hoursRequired), v.transform(Number))),
});
export type DeductionDay = {
  date: string;
  /** In the policy's unit; 0 on days that do not count. */
  amount: number;
  /** Why a day does not count. */
  skipped: 'non_working' | 'bank_holiday' | null;
  bank_holiday_name: string | null;
};
export type Clash = {
  absence_id: string;
  user_id: string;
  name: string;
  start_date: string;
  end_date: string | null;
  leave_type_name: string | null;
};
export type SuggestedAbsence = {
  unit: LeaveUnit;
  deduction: number;
  days: DeductionDay[];
  /** The leave type draws on an allowance. */
  deducted: boolean;
  /** Available before this request (balance − pending), and after it; null when nothing is deducted. */
  available_before: number | null;
  remaining_after: number | null;
  allow_negative: boolean;
  /** Colleagues in the person's departments off on any of those days. */
  clashes: Clash[];
  /** What the server would refuse, in its words (null when it would accept). */
  problem: string | null;
  /** A blocked period it falls in (an approver may book with a reason). */
  blocked: { id: string; name: string } | null;
  period: { id: string | null; start_date: string; end_date: string } | null;
};

// ---- Return to work ----------------------------------------------------------------------

export type SelfCertificationAnswers = {
  reason_category: SicknessCategory;
  /** Special-category: what was wrong, in the employee's words. */
  description: string;
  first_day_of_sickness: string;
  last_day_of_sickness: string;
  consulted_doctor: boolean;
  injury_at_work: boolean;
  declaration: true;
};
export const SelfCertificationInputSchema = v.pipe(
  v.object({
    reason_category: v.picklist(SICKNESS_CATEGORIES, fieldMessages.required),
    description: requiredLines(2000),
    first_day_of_sickness: requiredDate,
    last_day_of_sickness: requiredDate,
    consulted_doctor: v.boolean(),
    injury_at_work: v.boolean(),
    declaration: v.literal(true, leaveMessages.declarationRequired),
  }),
  ordered('first_day_of_sickness', 'last_day_of_sickness'),
);
export type SelfCertificationInput = v.InferInput<typeof SelfCertificationInputSchema>;
export const ReviewInputSchema = v.object({ note: v.optional(nullableLines(2000), null) });
export type ReturnToWorkItem = {
  id: string;
  absence_id: string;
  user: PersonSummary;
  kind: ReturnToWorkKind;
  status: ReturnToWorkStatus;
  first_day: string;
  last_day: string;
  calendar_days: number;
  sickness_category: SicknessCategory | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  reviewed_by_name: string | null;
  review_note: string | null;
  fit_note_file: { id: string; name: string; download_path: string } | null;
  /** Present only for the person, HR admins and owners (special-category). */
  answers?: SelfCertificationAnswers | null;
  can_complete: boolean;
  can_review: boolean;
  created_at: string;
};
export const ReturnToWorkQuerySchema = v.object({
  status: v.optional(listOf(v.picklist(RETURN_TO_WORK_STATUSES, leaveMessages.unknown))),
  user_id: v.optional(uuidParam),
  show_relevant_to_me: flag,
});

// ---- Who is at work, timeline, Bradford factor -------------------------------------------

export type WhoAtWorkEntry = {
  user_id: string;
  name: string;
  department_name: string | null;
  /** Null when the caller may not see what kind of absence it is. */
  leave_type: LeaveTypeSummary | null;
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
};
/** GET /api/who-at-work?date=&department_id=: active employees that day minus those on approved absence. */
export type WhoAtWork = { date: string; active_count: number; at_work_count: number; absent: WhoAtWorkEntry[] };
export const WhoAtWorkQuerySchema = v.object({ date: v.optional(dateParam), department_id: v.optional(uuidParam) });

/** GET /api/absence-timeline?from=&to=&department_id=: one screenful of the team timeline. */
export const TimelineQuerySchema = v.object({
  from: dateParam,
  to: dateParam,
  department_id: v.optional(listOf(uuidParam)),
  search: searchField(),
});
export type Timeline = {
  from: string;
  to: string;
  people: (PersonSummary & { region: BankHolidayRegion })[];
  absences: Absence[];
  bank_holidays: BankHoliday[];
  blocked: BlockedDatePeriod[];
};

export type BradfordSpell = { start_date: string; end_date: string; days: number; absence_ids: string[] };
/** GET /api/bradford-factor/{userId}: spells² × days over the 52 weeks to `date` (today). */
export type BradfordFactor = {
  user_id: string;
  from: string;
  to: string;
  spells: BradfordSpell[];
  spell_count: number;
  days: number;
  score: number;
};
