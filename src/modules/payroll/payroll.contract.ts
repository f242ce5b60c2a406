// Payroll data: the names, the vocabulary and the schemas of the company's pay period
// settings, a period's review (people and their elements), its export (locked once exported)
// and its sending to the payroll contact.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { EmailFieldSchema } from '../../shared/email-field';
import { fieldMessages } from '../../shared/validators';

export const PAYROLL_RESOURCES = { period: 'payroll-period', settings: 'payroll-settings' } as const;
export const PAYROLL_ENDPOINTS = { period: '/api/payroll-period', settings: '/api/payroll-settings' } as const;
export const PAYROLL_INVALIDATES = {
  period: [PAYROLL_RESOURCES.period, 'user-overtime'],
  settings: [PAYROLL_RESOURCES.settings, PAYROLL_RESOURCES.period],
} as const;

export const PAY_FREQUENCIES = ['weekly', 'fortnightly', 'four_weekly', 'monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];
export const PAY_FREQUENCY_LABELS: Record<PayFrequency, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  four_weekly: 'Four-weekly',
  monthly: 'Monthly',
};

/** csv: one row per person, a column per element; xlsx: the same as a workbook; elements: one row per person and element (UK payroll import). */
export const EXPORT_LAYOUTS = ['csv', 'xlsx', 'elements'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];
export const EXPORT_LAYOUT_LABELS: Record<ExportLayout, string> = {
  csv: 'Generic CSV (one row per person)',
  xlsx: 'Excel workbook (one row per person)',
  elements: 'Payroll import CSV (one row per element)',
};

const path = (start?: string) => (start ? `/api/${PAYROLL_RESOURCES.period}/${start}` : `/api/${PAYROLL_RESOURCES.period}`);
export const payrollPaths = {
  periods: path(),
  period: (start: string) => path(start),
  export: (start: string) => `${path(start)}/export`,
  download: (start: string, layout: ExportLayout) => `${path(start)}/download?layout=${layout}`,
  send: (start: string) => `${path(start)}/send`,
  settings: `/api/${PAYROLL_RESOURCES.settings}`,
  /** The expiring link the payroll contact gets (no sign-in: the token is the secret). */
  sharedDownload: (token: string) => `/api/payroll-data/${encodeURIComponent(token)}`,
} as const;
export const PAYROLL_ROUTES = { periods: '/payroll', period: (start: string) => `/payroll/${start}` } as const;

/** How long the payroll contact's link works. */
export const SHARED_LINK_DAYS = 7;

export const payrollMessages = {
  date: 'This is not a valid date.',
  notPeriodStart: 'This is not the first day of a pay period.',
  alreadyExported: 'This pay period was already exported; corrections go into the next period.',
  laterExported: 'A later pay period was already exported; this one can no longer be exported.',
  noContact: 'Set the payroll contact’s e-mail address in the payroll settings first.',
  linkExpired: 'This link has expired or is not valid. Ask for the payroll data to be sent again.',
  monthlyDay: 'A monthly period starts on a day from the 1st to the 28th.',
} as const;

const dateField = v.pipe(
  v.string(fieldMessages.required),
  v.trim(),
  v.nonEmpty(fieldMessages.required),
  v.check(isIsoDate, payrollMessages.date),
);

export const PayrollSettingsInputSchema = v.pipe(
  v.object({
    frequency: v.picklist(PAY_FREQUENCIES, fieldMessages.required),
    first_period_start: dateField,
    payroll_contact_email: v.nullable(
      v.pipe(
        EmailFieldSchema,
        v.maxLength(254, fieldMessages.maxLength),
        v.transform((value: string) => value || null),
      ),
    ),
  }),
  v.forward(
    v.check((input) => input.frequency !== 'monthly' || Number(input.first_period_start.slice(8, 10)) <= 28, payrollMessages.monthlyDay),
    ['first_period_start'],
  ),
);
export type PayrollSettingsInput = v.InferOutput<typeof PayrollSettingsInputSchema>;

export const PeriodStartSchema = v.pipe(v.string(), v.check(isIsoDate, payrollMessages.date));
export const DownloadQuerySchema = v.object({ layout: v.optional(v.picklist(EXPORT_LAYOUTS, fieldMessages.required), 'csv') });
export const SendInputSchema = v.object({ layout: v.optional(v.picklist(EXPORT_LAYOUTS, fieldMessages.required), 'elements') });

export type PayrollSettings = {
  frequency: PayFrequency;
  first_period_start: string;
  payroll_contact_email: string | null;
  /** False until someone saved the settings: the defaults are shown. */
  saved: boolean;
};

export type PayPeriodSummary = {
  start_date: string;
  end_date: string;
  exported_at: string | null;
  exported_by: string | null;
  /** The last day has come: it may be exported. */
  ended: boolean;
};

/** One element of one person, summed over its items in the period. */
export type PayrollLine = {
  code: string;
  label: string;
  source: string;
  hours: number | null;
  multiplier: number | null;
  /** Hours × multiplier (overtime). */
  payable_hours: number | null;
  days: number | null;
  qualifying_days: number | null;
  amount: number | null;
  taxable: boolean | null;
  /** The days it covers, earliest first (dd/mm/yyyy in screens). */
  dates: string[];
  /** Items dated before the period: late approvals and corrections of earlier periods. */
  late: boolean;
};

export type PayrollPerson = {
  user_id: string;
  name: string;
  surname: string;
  first_name: string;
  department: string | null;
  payroll_number: string | null;
  ni_number: string | null;
  starter_date: string | null;
  leaver_date: string | null;
  lines: PayrollLine[];
};

export type PayPeriodDetail = PayPeriodSummary & {
  frequency: PayFrequency;
  people: PayrollPerson[];
  totals: { people: number; overtime_hours: number; payable_hours: number; amount: number; unpaid_days: number; sick_days: number };
  sends: { id: string; sent_to: string; layout: ExportLayout; sent_by: string | null; sent_at: string; downloaded_at: string | null }[];
};
