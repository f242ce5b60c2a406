// The kinds of personal record the retention schedule knows, each with its UK default, the
// reason for it, and the range a company may choose within. Modules name a kind for each table
// of personal data they declare (src/server/personal-data.ts); the privacy module's nightly
// job deletes or anonymises what is past its date.

/** Where a kind's clock starts: the record's own date, the end of the tax year it falls in (5 April), or the day the person left. */
export type RetentionBasis = 'record' | 'tax-year' | 'employment-end';

export type RecordKind = {
  label: string;
  basis: RetentionBasis;
  /** The UK default, in months after the basis. */
  defaultMonths: number;
  minMonths: number;
  maxMonths: number;
  reason: string;
};

export const RECORD_KINDS = {
  account: {
    label: 'Account and profile of a leaver',
    basis: 'employment-end',
    defaultMonths: 72,
    minMonths: 12,
    maxMonths: 120,
    reason:
      'Leaver records: six years after employment ends covers the time limit for contract claims (Limitation Act 1980); the person is then anonymised, not deleted, so headcount reports keep their counts.',
  },
  employment: {
    label: 'Employment records (contracts, job history, pay rates, notes)',
    basis: 'employment-end',
    defaultMonths: 72,
    minMonths: 12,
    maxMonths: 120,
    reason: 'Six years after employment ends, for potential claims (Limitation Act 1980).',
  },
  'right-to-work': {
    label: 'Right-to-work checks and copies',
    basis: 'employment-end',
    defaultMonths: 24,
    minMonths: 24,
    maxMonths: 72,
    reason: 'Home Office guidance: keep right-to-work copies for the employment and two years after it ends, then destroy them.',
  },
  payroll: {
    label: 'Payroll, overtime and expenses',
    basis: 'tax-year',
    defaultMonths: 36,
    minMonths: 36,
    maxMonths: 120,
    reason: 'HMRC: PAYE and expense records for three years after the end of the tax year they relate to.',
  },
  leave: {
    label: 'Holiday and other absence',
    basis: 'tax-year',
    defaultMonths: 36,
    minMonths: 24,
    maxMonths: 120,
    reason:
      'Holiday pay is pay: kept with payroll records, three years after the end of the tax year (Working Time Regulations need at least two years).',
  },
  sickness: {
    label: 'Sickness absence, medical detail, fit notes and return-to-work forms',
    basis: 'tax-year',
    defaultMonths: 36,
    minMonths: 36,
    maxMonths: 72,
    reason:
      'Statutory Sick Pay is checked by HMRC for three years after the end of the tax year; medical detail is special-category data, kept no longer.',
  },
  accident: {
    label: 'Accident book and incident reports',
    basis: 'record',
    defaultMonths: 36,
    minMonths: 36,
    maxMonths: 480,
    reason:
      'Accident book entries: at least three years from the entry (Social Security (Claims and Payments) Regulations 1979; RIDDOR records three years). Exposure to hazardous substances may need 40 years.',
  },
  'working-time': {
    label: 'Rotas and working time',
    basis: 'record',
    defaultMonths: 24,
    minMonths: 24,
    maxMonths: 72,
    reason: 'Working Time Regulations 1998: records of working time for two years.',
  },
  location: {
    label: 'Positions recorded when clocking in and out',
    basis: 'record',
    defaultMonths: 3,
    minMonths: 1,
    maxMonths: 24,
    reason:
      "A phone's position is needed only to check a clock event was made at the site; after three months (about 90 days) the coordinates are erased and only whether it was outside the site is kept (UK GDPR storage limitation).",
  },
  documents: {
    label: 'Documents and signatures',
    basis: 'employment-end',
    defaultMonths: 72,
    minMonths: 12,
    maxMonths: 120,
    reason: 'Six years after employment ends for potential claims; signed copies the law needs stay with the company.',
  },
  communications: {
    label: 'Notifications, notice receipts, tasks and requests',
    basis: 'record',
    defaultMonths: 24,
    minMonths: 6,
    maxMonths: 72,
    reason: 'Day-to-day messages are needed only while they are current; two years covers most disputes about what someone was told.',
  },
  security: {
    label: 'Sign-in, sessions and the audit log',
    basis: 'record',
    defaultMonths: 72,
    minMonths: 12,
    maxMonths: 120,
    reason: 'The audit trail is evidence of who saw and changed personal data; kept six years for potential claims.',
  },
} as const satisfies Record<string, RecordKind>;

export type RecordKindKey = keyof typeof RECORD_KINDS;
export const RECORD_KIND_KEYS = Object.keys(RECORD_KINDS) as RecordKindKey[];
