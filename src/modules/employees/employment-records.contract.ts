// Employee records B: employment details with department, location and
// line managers, the bank-holiday region, job-title history, contracts, right-to-work checks,
// pay rates and working patterns. The single truth for client, server and tests.
import * as v from 'valibot';
import { isIsoDate, londonDate } from '../../shared/dates';
import type { ListResponse } from '../../shared/list';
import {
  emptyToNull,
  fieldMessages,
  filledField,
  formattedField,
  multilineTextField,
  numberField,
  optionalField,
  searchField,
  singleLine,
  textField,
} from '../../shared/validators';
import { isUuid } from '../../shared/ids';

export const EMPLOYMENT_RECORD_RESOURCES = {
  employmentDetails: 'user-employment-details',
  bankHolidays: 'user-bank-holidays',
  jobTitle: 'user-job-title',
  contract: 'user-contract',
  workPermit: 'user-work-permit',
  payRate: 'user-pay-rate',
  workingPattern: 'user-working-pattern',
} as const;
export type EmploymentRecordResource = (typeof EMPLOYMENT_RECORD_RESOURCES)[keyof typeof EMPLOYMENT_RECORD_RESOURCES];

/**
 * What a write to a record makes stale besides the record's own resource (resource names): the
 * server's realtime event lists them after it, and the tab that wrote invalidates the same.
 * Writes that change the user row refresh the basic record (directory, profile header).
 */
export const EMPLOYMENT_RECORD_ALSO_INVALIDATES: Partial<Record<EmploymentRecordResource, readonly string[]>> = {
  [EMPLOYMENT_RECORD_RESOURCES.jobTitle]: ['user-basic'],
  [EMPLOYMENT_RECORD_RESOURCES.employmentDetails]: ['user-basic', EMPLOYMENT_RECORD_RESOURCES.bankHolidays],
};

const path = (resource: string, id?: string) => (id === undefined ? `/api/${resource}` : `/api/${resource}/${encodeURIComponent(id)}`);
export const employmentRecordPaths = {
  employmentDetails: (userId: string) => path(EMPLOYMENT_RECORD_RESOURCES.employmentDetails, userId),
  /** Active colleagues who may be the person's line managers (`?search=`). */
  lineManagerOptions: (userId: string) => `${path(EMPLOYMENT_RECORD_RESOURCES.employmentDetails, userId)}/line-manager-options`,
  bankHolidays: (userId: string) => path(EMPLOYMENT_RECORD_RESOURCES.bankHolidays, userId),
  record: (resource: EmploymentRecordResource, id?: string) => path(resource, id),
} as const;

export const BANK_HOLIDAY_REGION_LABELS = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
} as const;
export type BankHolidayRegionName = keyof typeof BANK_HOLIDAY_REGION_LABELS;
export const BANK_HOLIDAY_REGION_NAMES = Object.keys(BANK_HOLIDAY_REGION_LABELS) as BankHolidayRegionName[];
export const DEFAULT_BANK_HOLIDAY_REGION: BankHolidayRegionName = 'england-and-wales';

export const DOCUMENT_TYPE_LABELS = {
  passport: 'Passport',
  biometric_residence_permit: 'Biometric residence permit',
  share_code: 'Share code',
  birth_certificate: 'Birth certificate',
  other: 'Other',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPE_LABELS;
export const DOCUMENT_TYPES = Object.keys(DOCUMENT_TYPE_LABELS) as DocumentType[];

export const PAY_UNIT_LABELS = { hour: 'per hour', day: 'per day', week: 'per week', month: 'per month', year: 'per year' } as const;
export type PayRateUnit = keyof typeof PAY_UNIT_LABELS;
export const PAY_UNITS = Object.keys(PAY_UNIT_LABELS) as PayRateUnit[];

export const WEEKDAY_FIELDS = ['mon_hours', 'tue_hours', 'wed_hours', 'thu_hours', 'fri_hours', 'sat_hours', 'sun_hours'] as const;
export type WeekdayField = (typeof WEEKDAY_FIELDS)[number];
export type WeekHours = Record<WeekdayField, number>;

/** A permit whose expiry is this close (days) is highlighted, and its check reminded. */
export const PERMIT_REMINDER_DAYS = 30;

export const recordMessages = {
  date: 'This is not a valid date.',
  unknown: 'Unknown item.',
  shareCode: 'This is not a valid share code.',
  futureCheck: 'The check cannot be dated in the future.',
  twoDecimals: 'Use no more than 2 decimal places.',
  quarterHours: 'Use quarter hours (such as 7.25 or 7.5).',
  endBeforeStart: 'The end date cannot be before the start date.',
  probationBeforeStart: 'The probation end date cannot be before the start date.',
  terminationBeforeStart: 'The termination date cannot be before the start date.',
} as const;

// ---- Share codes: nine letters and digits, written "W12 345 678"; spaces are ignored.
const compactCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();
export const normaliseShareCode = (value: string) => compactCode(value).replace(/^(.{3})(.{3})/, '$1 $2 ');
export const isShareCode = (value: string) => /^[A-Z0-9]{9}$/.test(compactCode(value));

// ---- Field schemas. Optional fields take '' or null for "nothing".
const requiredDate = filledField(formattedField(recordMessages.date, isIsoDate));
const nullableDate = optionalField(formattedField(recordMessages.date, isIsoDate));
const requiredId = filledField(formattedField(recordMessages.unknown, isUuid));
const nullableId = optionalField(formattedField(recordMessages.unknown, isUuid));
const nullableText = (maxLength: number) => v.nullable(v.pipe(textField({ maxLength }), emptyToNull));
const nullableLines = (maxLength: number) => v.nullable(v.pipe(multilineTextField({ maxLength }), emptyToNull));
const decimals = (step: number, message: string) =>
  v.check((value: number) => Math.abs(value * step - Math.round(value * step)) < 1e-6, message);
const weeklyHours = v.nullable(v.pipe(numberField({ min: 0, max: 168 }), decimals(100, recordMessages.twoDecimals)));
/** Pounds a week, to the penny. */
const weeklyEarnings = v.nullable(v.pipe(numberField({ min: 0, max: 99_999.99 }), decimals(100, recordMessages.twoDecimals)));
const dayHours = v.pipe(numberField({ min: 0, max: 24 }), decimals(4, recordMessages.quarterHours));
const shareCode = v.nullable(
  v.pipe(
    formattedField(recordMessages.shareCode, isShareCode),
    v.transform((x) => (x ? normaliseShareCode(x) : null)),
  ),
);
const notInFuture = v.check((value: string) => value <= londonDate(new Date()), recordMessages.futureCheck);

type Dated = Record<string, unknown>;
/** `end` (when given) is not before `start` (when given): the message lands on `end`. */
const ordered = <T extends Dated>(start: keyof T & string, end: keyof T & string, message: string) =>
  v.forward<T, v.CheckIssue<T>, [string]>(
    v.check((input: T) => {
      const [from, to] = [input[start], input[end]];
      return typeof from !== 'string' || typeof to !== 'string' || to >= from;
    }, message),
    [end] as never,
  );

// ---- Employment details (PUT /api/user-employment-details/{userId}): only the keys sent change.
const employmentEntries = {
  start_date: v.optional(nullableDate),
  continuous_service_date: v.optional(nullableDate),
  probation_end_date: v.optional(nullableDate),
  contract_type_id: v.optional(nullableId),
  hours_per_week: v.optional(weeklyHours),
  employee_number: v.optional(nullableText(50)),
  /** Average weekly earnings before tax (pounds): what Statutory Sick Pay is worked out from. */
  average_weekly_earnings: v.optional(weeklyEarnings),
  department_id: v.optional(nullableId),
  location_id: v.optional(nullableId),
  line_manager_ids: v.optional(v.pipe(v.array(requiredId, recordMessages.unknown), v.maxLength(10, fieldMessages.maxLength))),
};
export const UpdateEmploymentDetailsInputSchema = v.pipe(
  v.object(employmentEntries),
  ordered('start_date', 'probation_end_date', recordMessages.probationBeforeStart),
);
export type UpdateEmploymentDetailsInput = v.InferInput<typeof UpdateEmploymentDetailsInputSchema>;
/** The validate call names whose form it is, so "not the person themselves" can be checked. */
export const ValidateEmploymentDetailsInputSchema = v.pipe(
  v.object({ ...employmentEntries, user_id: v.optional(v.nullable(v.pipe(v.string(), singleLine))) }),
  ordered('start_date', 'probation_end_date', recordMessages.probationBeforeStart),
);

export const UpdateBankHolidaysInputSchema = v.object({
  bank_holiday_region: v.nullable(v.picklist(BANK_HOLIDAY_REGION_NAMES, 'Unknown bank holiday region.')),
});
export type UpdateBankHolidaysInput = v.InferInput<typeof UpdateBankHolidaysInputSchema>;

export const LineManagerOptionsQuerySchema = v.object({ search: searchField() });

// ---- History records: every list is one person's (`user_id`); PUT replaces the record.
const forUser = { user_id: requiredId };
export const RecordListQuerySchema = v.object(forUser);
export const PayRateListQuerySchema = v.object({ ...forUser, pay_rate_type_id: v.optional(requiredId) });
const jobTitleEntries = {
  position_id: v.optional(nullableId, null),
  title: v.optional(nullableText(100), null),
  start_date: requiredDate,
  termination_date: v.optional(nullableDate, null),
};
const jobTitleRules = <T extends Dated>() =>
  [
    ordered<T>('start_date', 'termination_date', recordMessages.terminationBeforeStart),
    // A title, or a job title of the company's list whose name becomes the title.
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((input: T) => Boolean(input.title) || Boolean(input.position_id), fieldMessages.required),
      ['title'] as never,
    ),
  ] as const;
const createJobTitle = v.object({ ...forUser, ...jobTitleEntries });
const updateJobTitle = v.object(jobTitleEntries);
export const CreateJobTitleInputSchema = v.pipe(createJobTitle, ...jobTitleRules<v.InferOutput<typeof createJobTitle>>());
export const UpdateJobTitleInputSchema = v.pipe(updateJobTitle, ...jobTitleRules<v.InferOutput<typeof updateJobTitle>>());
const contractEntries = {
  contract_type_id: v.optional(nullableId, null),
  start_date: requiredDate,
  end_date: v.optional(nullableDate, null),
  hours_per_week: v.optional(weeklyHours, null),
  notice_period: v.optional(nullableText(100), null),
  notes: v.optional(nullableLines(2000), null),
};
export const CreateContractInputSchema = v.pipe(
  v.object({ ...forUser, ...contractEntries }),
  ordered('start_date', 'end_date', recordMessages.endBeforeStart),
);
export const UpdateContractInputSchema = v.pipe(
  v.object(contractEntries),
  ordered('start_date', 'end_date', recordMessages.endBeforeStart),
);
const workPermitEntries = {
  document_type: v.picklist(DOCUMENT_TYPES, fieldMessages.required),
  document_number: v.optional(nullableText(50), null),
  share_code: v.optional(shareCode, null),
  date_checked: v.pipe(requiredDate, notInFuture),
  /** Who checked the documents; the caller when not given. */
  checked_by_id: v.optional(nullableId, null),
  follow_up_date: v.optional(nullableDate, null),
  expiry_date: v.optional(nullableDate, null),
  notes: v.optional(nullableLines(2000), null),
};
const shareCodeNeeded = <T extends Dated>() =>
  v.forward<T, v.CheckIssue<T>, [string]>(
    v.check((input: T) => input.document_type !== 'share_code' || Boolean(input.share_code), fieldMessages.required),
    ['share_code'] as never,
  );
export const CreateWorkPermitInputSchema = v.pipe(v.object({ ...forUser, ...workPermitEntries }), shareCodeNeeded());
export const UpdateWorkPermitInputSchema = v.pipe(v.object(workPermitEntries), shareCodeNeeded());
const payRateEntries = {
  pay_rate_type_id: requiredId,
  amount: v.pipe(numberField({ min: 0, max: 1_000_000_000 }), decimals(100, recordMessages.twoDecimals)),
  /** The pay-rate type's unit when not given. */
  unit: v.optional(v.nullable(v.picklist(PAY_UNITS, 'Unknown unit.')), null),
  start_date: requiredDate,
  end_date: v.optional(nullableDate, null),
};
export const CreatePayRateInputSchema = v.pipe(
  v.object({ ...forUser, ...payRateEntries }),
  ordered('start_date', 'end_date', recordMessages.endBeforeStart),
);
export const UpdatePayRateInputSchema = v.pipe(v.object(payRateEntries), ordered('start_date', 'end_date', recordMessages.endBeforeStart));
type HoursEntries = Record<WeekdayField, v.OptionalSchema<typeof dayHours, 0>>;
const workingPatternEntries = {
  start_date: requiredDate,
  /** Copies the template's hours; the hours sent are then ignored. */
  template_id: v.optional(nullableId, null),
  ...(Object.fromEntries(WEEKDAY_FIELDS.map((day) => [day, v.optional(dayHours, 0)])) as HoursEntries),
};
export const CreateWorkingPatternInputSchema = v.object({ ...forUser, ...workingPatternEntries });
export const UpdateWorkingPatternInputSchema = v.object(workingPatternEntries);

// ---- Answers.
export type NamedRef = { id: string; name: string };
export type EmploymentDetails = {
  user_id: string;
  start_date: string | null;
  continuous_service_date: string | null;
  probation_end_date: string | null;
  contract_type_id: string | null;
  contract_type_name: string | null;
  hours_per_week: number | null;
  employee_number: string | null;
  average_weekly_earnings: number | null;
  department_id: string | null;
  department_name: string | null;
  location_id: string | null;
  location_name: string | null;
  line_managers: NamedRef[];
};
export type BankHolidaySource = 'override' | 'location' | 'default';
/** `location_region`: the region of the person's location, when they have one. */
export type BankHolidaySetting = {
  user_id: string;
  bank_holiday_region: BankHolidayRegionName;
  source: BankHolidaySource;
  location_region: BankHolidayRegionName | null;
};
type RecordBase = { id: string; user_id: string; created_at: string };
export type JobTitleRecord = RecordBase & {
  position_id: string | null;
  title: string;
  start_date: string;
  termination_date: string | null;
};
/** the latest termination date is the most recent termination_date among the records. */
export type JobTitleList = ListResponse<JobTitleRecord> & { latest_termination_date: string | null };
export type ContractRecord = RecordBase & {
  contract_type_id: string | null;
  contract_type_name: string | null;
  start_date: string;
  end_date: string | null;
  hours_per_week: number | null;
  notice_period: string | null;
  notes: string | null;
};
export type WorkPermitRecord = RecordBase & {
  document_type: DocumentType;
  document_number: string | null;
  share_code: string | null;
  date_checked: string;
  checked_by_id: string | null;
  checked_by_name: string | null;
  follow_up_date: string | null;
  expiry_date: string | null;
  notes: string | null;
};
export type PayRateRecord = RecordBase & {
  pay_rate_type_id: string | null;
  pay_rate_type_name: string | null;
  amount: number;
  unit: PayRateUnit;
} & {
  start_date: string;
  end_date: string | null;
};
export type WorkingPatternRecord = RecordBase &
  WeekHours & {
    template_id: string | null;
    template_name: string | null;
    start_date: string;
    total_hours: number;
  };
/** `current_id`: the pattern with the latest start date on or before today. */
export type WorkingPatternList = ListResponse<WorkingPatternRecord> & { current_id: string | null };
