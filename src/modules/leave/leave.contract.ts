// Leave and absences: the names (resources, endpoints, paths, what each write invalidates),
// the vocabulary, the messages and the field schemas every leave contract is made of. The
// resources have contracts of their own beside this one: leave-settings (leave types,
// policy templates, company settings, blocked dates, bank holidays), leave-balances (policy
// assignment, leave years, values and logs), absences (with the suggested absence),
// return-to-work and leave-insights (who is at work, timeline, Bradford factor).
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { isUuid } from '../../shared/ids';
import {
  emptyToNull,
  fieldMessages,
  filledField,
  formattedField,
  multilineTextField,
  optionalField,
  textField,
} from '../../shared/validators';
import { PENDING_COUNT_RESOURCE } from '../../shared/pending-count.contract';
import { type AbsenceStatus } from './absence-statuses';

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

export { ABSENCE_STATUSES, NEED_APPROVAL, type AbsenceStatus } from './absence-statuses';
export const ABSENCE_STATUS_LABELS: Record<AbsenceStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
  cancellation_requested: 'Cancellation requested',
};
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
  /** Leave taken before the company's people were imported (reason "Imported"): counted as taken. */
  'imported',
  /** Leave sickness prevented, carried under WTR reg 13(10) beside the policy's carry-over, and its expiry. */
  'sickness_carry_over',
  'sickness_expiry',
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

export const requiredDate = filledField(formattedField(leaveMessages.date, isIsoDate));
export const nullableDate = optionalField(formattedField(leaveMessages.date, isIsoDate));
export const requiredId = filledField(formattedField(leaveMessages.unknown, isUuid));
export const nullableId = optionalField(formattedField(leaveMessages.unknown, isUuid));
export const requiredText = (maxLength: number) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), textField({ maxLength }));
export const nullableLines = (maxLength: number) => v.nullable(v.pipe(multilineTextField({ maxLength }), emptyToNull));
export const requiredLines = (maxLength: number) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), multilineTextField({ maxLength }));
export const steps = (step: number, message: string) =>
  v.check((value: number) => Math.abs(value * step - Math.round(value * step)) < 1e-6, message);
/** List filters are always sent as lists; a single value is wrapped into one. */
export const listOf = <T extends v.GenericSchema<unknown, string>>(item: T) =>
  v.pipe(
    v.union([v.array(item), item]),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
  );
export const flag = v.optional(
  v.pipe(
    v.picklist(['0', '1', 'true', 'false']),
    v.transform((x) => x === '1' || x === 'true'),
  ),
);
export const uuidParam = v.pipe(v.string(), v.uuid(leaveMessages.unknown));
export const dateParam = v.pipe(v.string(), v.check(isIsoDate, leaveMessages.date));

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
