// Overtime: the names (resources, endpoints, screens, what each write invalidates), the
// vocabulary, the messages and the schemas of overtime reports, their decisions and the
// company's overtime settings (rates at which overtime is paid, time-off-in-lieu expiry).
import * as v from 'valibot';
import { addDays, isIsoDate, londonDate } from '../../shared/dates';
import { isUuid } from '../../shared/ids';
import { fieldMessages, multilineTextField } from '../../shared/validators';
import { PENDING_COUNT_RESOURCE } from '../../shared/pending-count.contract';
import { LEAVE_RESOURCES } from '../leave/leave.contract';
import { OVERTIME_STATUSES, OVERTIME_VIEWS, type OvertimeStatus } from './overtime-values';

export { OVERTIME_STATUSES, OVERTIME_VIEWS, type OvertimeStatus, type OvertimeView } from './overtime-values';

export const OVERTIME_RESOURCES = { overtime: 'user-overtime', settings: 'overtime-settings' } as const;
export const OVERTIME_ENDPOINTS = {
  report: '/api/user-overtime',
  approve: '/api/approve-overtime',
  settings: '/api/overtime-settings',
} as const;

export const OVERTIME_INVALIDATES = {
  /** A report made, decided, cancelled; a time-off-in-lieu credit moves the person's balances. */
  overtime: [
    OVERTIME_RESOURCES.overtime,
    PENDING_COUNT_RESOURCE,
    LEAVE_RESOURCES.period,
    LEAVE_RESOURCES.periodValue,
    LEAVE_RESOURCES.valueLog,
  ],
  settings: [OVERTIME_RESOURCES.settings],
} as const;

const path = (id?: string) =>
  id === undefined ? `/api/${OVERTIME_RESOURCES.overtime}` : `/api/${OVERTIME_RESOURCES.overtime}/${encodeURIComponent(id)}`;
export const overtimePaths = {
  reports: path(),
  report: (id: string) => path(id),
  action: (id: string, action: OvertimeAction) => `${path(id)}/${action}`,
  settings: `/api/${OVERTIME_RESOURCES.settings}`,
} as const;

export const OVERTIME_ROUTES = {
  list: '/overtime',
  report: '/overtime/report',
  detail: (id: string) => `/overtime/${id}`,
  settings: '/settings/overtime',
} as const;

export const OVERTIME_STATUS_LABELS: Record<OvertimeStatus, string> = {
  reported: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
};
export const COMPENSATIONS = ['paid', 'toil'] as const;
export type Compensation = (typeof COMPENSATIONS)[number];
export const COMPENSATION_LABELS: Record<Compensation, string> = { paid: 'Paid', toil: 'Time off in lieu' };
export const OVERTIME_ACTIONS = ['approve', 'decline', 'cancel'] as const;
export type OvertimeAction = (typeof OVERTIME_ACTIONS)[number];

export const overtimeMessages = {
  date: 'This is not a valid date.',
  future: 'Overtime is reported once worked: the date cannot be in the future.',
  tooOld: 'Overtime older than a year cannot be reported.',
  time: 'Use a time such as 17:30.',
  timesOrHours: 'Give the start and end time, or the hours.',
  bothTimes: 'Give both the start and the end time.',
  hoursRange: 'Between a quarter of an hour and 24 hours.',
  quarterHours: 'Use quarter hours (such as 1.25 or 3.5).',
  hoursMismatch: 'The hours do not match the start and end time.',
  rateRequired: 'Choose the rate this overtime is paid at.',
  unknownRate: 'This rate is not one of the company’s overtime rates.',
  paidNotAllowed: 'This person may not report paid overtime.',
  toilNotAllowed: 'This person may not report overtime as time off in lieu.',
  disabled: 'Overtime is not switched on for this company.',
  unknown: 'Unknown item.',
  declineReasonRequired: 'Give a reason for declining.',
  cannotApproveOwn: 'You cannot approve your own overtime.',
  notApprover: 'You may not approve overtime for this person.',
  notReported: 'This overtime is no longer waiting for a decision.',
  cannotCancel: 'Only overtime waiting for a decision can be cancelled.',
  noPolicy: 'This person has no absence policy, so time off in lieu cannot be credited. Assign one first.',
  noLedger: 'Time off in lieu cannot be credited: leave is not available.',
  locked: 'This overtime was exported to payroll and is locked; record a correction in the next period.',
  multiplier: 'A multiplier between 0.5 and 5.',
  elementCode: 'Capital letters, digits and underscores, up to 12.',
  duplicateRate: 'Each pay-rate type once.',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** The hours between two times of day; an end before the start crosses midnight. */
export function hoursBetween(start: string, end: string): number {
  const span = minutes(end) - minutes(start);
  return (span <= 0 ? span + 24 * 60 : span) / 60;
}

const optionalTime = v.optional(
  v.nullable(
    v.pipe(
      v.string(overtimeMessages.time),
      v.trim(),
      v.check((value: string) => value === '' || TIME.test(value), overtimeMessages.time),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
  null,
);
const idField = v.pipe(
  v.string(overtimeMessages.unknown),
  v.trim(),
  v.check((value: string) => isUuid(value), overtimeMessages.unknown),
);
const optionalId = v.optional(
  v.nullable(
    v.pipe(
      v.string(overtimeMessages.unknown),
      v.trim(),
      v.check((value: string) => value === '' || isUuid(value), overtimeMessages.unknown),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
  null,
);
const dateField = v.pipe(
  v.string(fieldMessages.required),
  v.trim(),
  v.nonEmpty(fieldMessages.required),
  v.check(isIsoDate, overtimeMessages.date),
);
/** Overtime is reported once worked, within the last year (London's today). */
const workedDate = v.pipe(
  dateField,
  v.check((value) => value <= londonDate(new Date()), overtimeMessages.future),
  v.check((value) => value >= addDays(londonDate(new Date()), -366), overtimeMessages.tooOld),
);
const quarter = (value: number) => Math.abs(value * 4 - Math.round(value * 4)) < 1e-6;

export const ReportOvertimeInputSchema = v.pipe(
  v.object({
    /** Someone else's overtime (within the caller's scope); default the caller. */
    user_id: optionalId,
    date: workedDate,
    start_time: optionalTime,
    end_time: optionalTime,
    hours: v.optional(
      v.nullable(
        v.pipe(
          v.number(overtimeMessages.hoursRange),
          v.minValue(0.25, overtimeMessages.hoursRange),
          v.maxValue(24, overtimeMessages.hoursRange),
          v.check(quarter, overtimeMessages.quarterHours),
        ),
      ),
      null,
    ),
    reason: v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), multilineTextField({ maxLength: 1000 })),
    compensation: v.picklist(COMPENSATIONS, fieldMessages.required),
    overtime_rate_id: optionalId,
  }),
  v.forward(
    v.check((input) => (input.start_time === null) === (input.end_time === null), overtimeMessages.bothTimes),
    ['end_time'],
  ),
  v.forward(
    v.check((input) => input.start_time !== null || input.hours !== null, overtimeMessages.timesOrHours),
    ['hours'],
  ),
  v.forward(
    v.check(
      (input) => input.start_time === null || input.end_time === null || quarter(hoursBetween(input.start_time, input.end_time)),
      overtimeMessages.quarterHours,
    ),
    ['end_time'],
  ),
  v.forward(
    v.check(
      (input) =>
        input.start_time === null ||
        input.end_time === null ||
        input.hours === null ||
        Math.abs(hoursBetween(input.start_time, input.end_time) - input.hours) < 1e-6,
      overtimeMessages.hoursMismatch,
    ),
    ['hours'],
  ),
  v.forward(
    v.check((input) => input.compensation !== 'paid' || input.overtime_rate_id !== null, overtimeMessages.rateRequired),
    ['overtime_rate_id'],
  ),
);
export type ReportOvertimeInput = v.InferOutput<typeof ReportOvertimeInputSchema>;

export const ApproveOvertimeInputSchema = v.object({
  note: v.optional(
    v.nullable(
      v.pipe(
        multilineTextField({ maxLength: 1000 }),
        v.transform((value) => value.trim() || null),
      ),
    ),
    null,
  ),
});
export const DeclineOvertimeInputSchema = v.object({
  reason: v.pipe(
    v.string(overtimeMessages.declineReasonRequired),
    v.trim(),
    v.nonEmpty(overtimeMessages.declineReasonRequired),
    multilineTextField({ maxLength: 1000 }),
  ),
});
export const CancelOvertimeInputSchema = v.object({});

const listOf = <T extends v.GenericSchema<unknown, string>>(item: T) =>
  v.pipe(
    v.union([v.array(item), item]),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
  );
export const OvertimeListQuerySchema = v.object({
  view: v.optional(v.picklist(OVERTIME_VIEWS, overtimeMessages.unknown), 'all'),
  status: v.optional(listOf(v.picklist(OVERTIME_STATUSES, overtimeMessages.unknown))),
  user_id: v.optional(idField),
  compensation: v.optional(v.picklist(COMPENSATIONS, overtimeMessages.unknown)),
  from: v.optional(v.pipe(v.string(), v.check(isIsoDate, overtimeMessages.date))),
  to: v.optional(v.pipe(v.string(), v.check(isIsoDate, overtimeMessages.date))),
});
export type OvertimeListQuery = v.InferOutput<typeof OvertimeListQuerySchema>;

export const OvertimeSettingsInputSchema = v.pipe(
  v.object({
    toil_expiry_months: v.nullable(
      v.pipe(
        v.number(fieldMessages.required),
        v.integer(fieldMessages.required),
        v.minValue(1, fieldMessages.min(1)),
        v.maxValue(24, fieldMessages.max(24)),
      ),
    ),
    rates: v.pipe(
      v.array(
        v.object({
          pay_rate_type_id: idField,
          multiplier: v.pipe(
            v.number(overtimeMessages.multiplier),
            v.minValue(0.5, overtimeMessages.multiplier),
            v.maxValue(5, overtimeMessages.multiplier),
          ),
          element_code: v.pipe(
            v.string(overtimeMessages.elementCode),
            v.trim(),
            v.toUpperCase(),
            v.regex(/^[A-Z0-9_]{1,12}$/, overtimeMessages.elementCode),
          ),
        }),
      ),
      v.maxLength(50, fieldMessages.maxLength),
    ),
  }),
  v.forward(
    v.check(
      (input) => new Set(input.rates.map((rate) => rate.pay_rate_type_id)).size === input.rates.length,
      overtimeMessages.duplicateRate,
    ),
    ['rates'],
  ),
);
export type OvertimeSettingsInput = v.InferOutput<typeof OvertimeSettingsInputSchema>;

// ---- Responses ---------------------------------------------------------------------------

export type OvertimeRate = {
  id: string;
  pay_rate_type_id: string;
  name: string;
  multiplier: number;
  element_code: string;
};

export type OvertimeSettings = {
  /** The company's overtime switch (company settings' overtime_enabled). */
  overtime_enabled: boolean;
  toil_expiry_months: number | null;
  rates: OvertimeRate[];
  /** Every pay-rate type of the company, to choose rates from. */
  pay_rate_types: { id: string; name: string; unit: string }[];
};

export type OvertimeReport = {
  id: string;
  user: { id: string; name: string; department: string | null };
  date: string;
  start_time: string | null;
  end_time: string | null;
  hours: number;
  reason: string;
  compensation: Compensation;
  rate: { id: string; name: string; multiplier: number } | null;
  /** Paid: hours × multiplier; TOIL: the hours credited. */
  payable_hours: number;
  /** Paid overtime's cost from the person's pay rate on the day (hourly rate × multiplier × hours), when known. */
  estimated_cost: number | null;
  status: OvertimeStatus;
  decline_reason: string | null;
  reported_by: { id: string; name: string } | null;
  decided_by: { id: string; name: string } | null;
  decided_at: string | null;
  created_at: string;
  toil_expires_on: string | null;
  exported_at: string | null;
  can_approve: boolean;
  can_cancel: boolean;
};

/** What the report form needs about the person: what they may claim, at which rates. */
export type OvertimeAllowance = {
  overtime_enabled: boolean;
  allow_payable_overtime: boolean;
  allow_toil_overtime: boolean;
  rates: OvertimeRate[];
};
