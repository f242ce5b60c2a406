// Data protection: subject access exports (everything every module holds about a person, as a
// zip a job builds), the retention schedule a company may adjust within limits, and the
// special-category register. The one truth client and server share.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { RECORD_KIND_KEYS, type RecordKindKey, type RetentionBasis } from '../../shared/record-kinds';

export const PERSONAL_DATA_EXPORTS_ENDPOINT = '/api/personal-data-exports';
export const DATA_PROTECTION_ENDPOINT = '/api/data-protection';
export const PERSONAL_DATA_EXPORTS_RESOURCE = 'personal-data-exports';
export const DATA_PROTECTION_RESOURCE = 'data-protection';

export const EXPORTS_INVALIDATES = [PERSONAL_DATA_EXPORTS_RESOURCE] as const;
export const DATA_PROTECTION_INVALIDATES = [DATA_PROTECTION_RESOURCE] as const;

/** How long a finished export can be downloaded. */
export const EXPORT_LINK_DAYS = 7;

export const privacyPaths = {
  exports: PERSONAL_DATA_EXPORTS_ENDPOINT,
  export: (id: string) => `${PERSONAL_DATA_EXPORTS_ENDPOINT}/${encodeURIComponent(id)}`,
  download: (id: string) => `${PERSONAL_DATA_EXPORTS_ENDPOINT}/${encodeURIComponent(id)}/download`,
  settings: `${DATA_PROTECTION_ENDPOINT}/settings`,
  retentionPreview: `${DATA_PROTECTION_ENDPOINT}/retention-preview`,
  register: `${DATA_PROTECTION_ENDPOINT}/register`,
  registerCsv: `${DATA_PROTECTION_ENDPOINT}/register.csv`,
} as const;

export const privacyMessages = {
  selfExportOff: 'Your company does not let people export their own data; ask HR.',
  notYours: 'You can export only your own data.',
  expired: 'This export has expired; request a new one.',
  notReady: 'This export is not ready yet.',
  outOfRange: (min: number, max: number) => `Choose between ${min} and ${max} months.`,
} as const;

const uuid = (message: string) => v.pipe(v.string(message), v.uuid(message));

export const ExportRequestSchema = v.object({ userId: uuid('Choose the person.') });
export type ExportRequest = v.InferOutput<typeof ExportRequestSchema>;

export const ExportListQuerySchema = v.object({ userId: v.optional(uuid('Choose the person.')) });

export const EXPORT_STATUSES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export type PersonalDataExport = {
  id: string;
  userId: string;
  personName: string;
  requestedBy: string | null;
  requestedByName: string | null;
  status: ExportStatus;
  progress: number;
  total: number;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  downloadedAt: string | null;
};

const months = v.pipe(v.number('Give a number of months.'), v.integer('Give whole months.'), v.minValue(1), v.maxValue(600));

export const PrivacySettingsInputSchema = v.object({
  selfExportAllowed: v.boolean(),
  /** Kind → months, for every kind the company keeps other than its default. */
  retention: v.record(v.picklist(RECORD_KIND_KEYS, 'This is not a kind of record.'), months),
});
export type PrivacySettingsInput = v.InferOutput<typeof PrivacySettingsInputSchema>;

export type RetentionRow = {
  kind: RecordKindKey;
  label: string;
  basis: RetentionBasis;
  defaultMonths: number;
  minMonths: number;
  maxMonths: number;
  months: number;
  reason: string;
};

export type PrivacySettings = { selfExportAllowed: boolean; retention: RetentionRow[] };

export type RetentionPreviewRow = {
  module: string;
  table: string;
  label: string;
  kind: RecordKindKey;
  action: 'delete' | 'anonymise';
  rows: number;
};
export type RetentionPreview = { asOf: string; rows: RetentionPreviewRow[]; lastRun: { at: string; removed: number } | null };

export const RegisterQuerySchema = v.object({
  from: v.optional(v.pipe(v.string(), v.check(isIsoDate, 'Give a date.'))),
  to: v.optional(v.pipe(v.string(), v.check(isIsoDate, 'Give a date.'))),
});

export type RegisterLocation = {
  module: string;
  table: string;
  label: string;
  type: 'special' | 'criminal';
  what: string;
  columns: string[];
};
/** A role's scope on an endpoint that shows special-category data, and which of the register's places it shows. */
export type RegisterAccess = { role: string; endpoint: string; scope: string; shows: string[] };
export type RegisterRead = { at: string; actorName: string | null; action: string; personName: string | null };
export type SpecialCategoryRegister = {
  from: string;
  to: string;
  locations: RegisterLocation[];
  access: RegisterAccess[];
  reads: RegisterRead[];
};
