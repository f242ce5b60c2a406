// Importing people from a spreadsheet (Settings → Import people): the fields a column may
// hold, the header names each is guessed from (plain spreadsheets, BrightHR and Breathe
// exports), the preview and import bodies, and what they answer. The file itself is read by
// the server (POST parse); the client then sends its cells back with the chosen mapping.
import * as v from 'valibot';
import { multilineTextField, textField } from '../../shared/validators';

export const PEOPLE_IMPORT_ENDPOINT = '/api/people-import';

export const peopleImportPaths = {
  parse: '/api/people-import/parse',
  preview: '/api/people-import/preview',
  run: '/api/people-import',
  template: (format: 'csv' | 'xlsx') => `/api/people-import/template?format=${format}`,
} as const;

/** The limits of one import: rows (besides the header), columns, characters in a cell, file size. */
export const PEOPLE_IMPORT_LIMITS = { rows: 5000, columns: 60, cell: 1000, fileBytes: 10 * 1024 * 1024 } as const;

export const IMPORT_FIELDS = [
  'first_name',
  'surname',
  'email',
  'personal_email',
  'phone',
  'start_date',
  'job_title',
  'department',
  'location',
  'line_manager_email',
  'working_pattern',
  'employment_type',
  'annual_allowance',
  'leave_taken',
  'date_of_birth',
  'ni_number',
  'address',
  'address_line1',
  'address_line2',
  'town',
  'county',
  'postcode',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  first_name: 'First name',
  surname: 'Surname',
  email: 'Work e-mail',
  personal_email: 'Personal e-mail',
  phone: 'Phone',
  start_date: 'Start date',
  job_title: 'Job title',
  department: 'Department',
  location: 'Location',
  line_manager_email: "Line manager's e-mail",
  working_pattern: 'Working pattern or days per week',
  employment_type: 'Employment type',
  annual_allowance: 'Annual allowance',
  leave_taken: 'Leave taken this year',
  date_of_birth: 'Date of birth',
  ni_number: 'NI number',
  address: 'Address (one cell)',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  town: 'Town',
  county: 'County',
  postcode: 'Postcode',
};

/** Header names (compared without case, spaces or punctuation) each field is guessed from. */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  first_name: ['first name', 'firstname', 'forename', 'given name', 'first names', 'known as'],
  surname: ['surname', 'last name', 'lastname', 'family name'],
  email: ['work email', 'email', 'email address', 'work email address', 'business email', 'company email', 'e-mail'],
  personal_email: ['personal email', 'home email', 'private email', 'personal email address'],
  phone: ['phone', 'mobile', 'mobile phone', 'mobile number', 'phone number', 'telephone', 'work phone', 'contact number'],
  start_date: ['start date', 'employment start date', 'date started', 'joined', 'date joined', 'hire date', 'start'],
  job_title: ['job title', 'title', 'position', 'role', 'job role', 'job'],
  department: ['department', 'dept', 'team', 'departments'],
  location: ['location', 'site', 'office', 'work location', 'branch'],
  line_manager_email: [
    "line manager's email",
    'line manager email',
    "manager's email",
    'manager email',
    'reports to email',
    'line manager',
    'manager',
    'reports to',
  ],
  working_pattern: ['working pattern', 'days per week', 'working days', 'work pattern', 'days worked per week', 'days a week', 'fte days'],
  employment_type: ['employment type', 'contract type', 'employee type', 'type of contract', 'contract'],
  annual_allowance: [
    'annual allowance',
    'holiday entitlement',
    'annual leave entitlement',
    'entitlement',
    'holiday allowance',
    'annual leave allowance',
    'allowance',
  ],
  leave_taken: ['leave taken', 'holiday taken', 'taken', 'annual leave taken', 'leave taken this year', 'days taken', 'holiday used'],
  date_of_birth: ['date of birth', 'dob', 'birth date', 'birthday'],
  ni_number: ['ni number', 'national insurance number', 'nino', 'ni', 'national insurance'],
  address: ['address', 'home address', 'full address'],
  address_line1: ['address line 1', 'address 1', 'address1', 'street', 'address line one'],
  address_line2: ['address line 2', 'address 2', 'address2', 'address line two'],
  town: ['town', 'city', 'town city', 'town or city'],
  county: ['county', 'region', 'state'],
  postcode: ['postcode', 'post code', 'postal code', 'zip', 'zip code'],
};

/** "Work E-mail Address" → "workemailaddress": how headers and synonyms are compared. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

const SYNONYM_INDEX = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => SYNONYMS[field].map((name) => [headerKey(name), field] as [string, ImportField])),
);

/**
 * The field each header most likely holds: a remembered choice for the same header first
 * (`remembered`, keyed by headerKey), else a known synonym; each field is given to one column
 * only, the first that claims it.
 */
export function guessMapping(headers: readonly string[], remembered: Readonly<Record<string, string>> = {}): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  const isField = (value: unknown): value is ImportField => (IMPORT_FIELDS as readonly unknown[]).includes(value);
  const first = headers.map((header) => {
    const choice = remembered[headerKey(header)];
    if (choice === '') return null;
    return isField(choice) ? choice : undefined;
  });
  for (const field of first) if (field) taken.add(field);
  return headers.map((header, index) => {
    const chosen = first[index];
    if (chosen !== undefined) return chosen;
    const field = SYNONYM_INDEX.get(headerKey(header));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

export const peopleImportMessages = {
  noFile: 'Choose a CSV or Excel (.xlsx) file.',
  unreadable: 'This file could not be read. Save it as CSV or Excel (.xlsx) and try again.',
  empty: 'The file has no rows of people under its header row.',
  tooManyRows: `A file may hold at most ${PEOPLE_IMPORT_LIMITS.rows} people.`,
  tooManyColumns: `A file may have at most ${PEOPLE_IMPORT_LIMITS.columns} columns.`,
  mappingLength: 'Choose a field (or nothing) for every column.',
  fieldTwice: 'Each field can be chosen for one column only.',
  needed: 'Choose the columns holding the first name, surname and work e-mail.',
  date: 'This is not a valid date.',
  sameEmailInFile: 'This e-mail address is on another row of this file.',
  managerUnknown: 'No one in the company or in this file has this e-mail address.',
  managerSelf: 'A person cannot be their own line manager.',
  missingDepartment: 'This department does not exist yet: tick it to create it.',
  missingLocation: 'This location does not exist yet: tick it to create it.',
  missingJobTitle: 'This job title does not exist yet: tick it to create it.',
  unknownEmploymentType: 'Unknown employment type. Use one of the contract types in Employment settings.',
  workingPattern: 'Give the days worked per week (such as 5 or 2.5), the days (Mon-Fri) or the name of a working pattern.',
  number: 'This is not a valid number.',
  halfDays: 'Use whole or half days (such as 2 or 2.5).',
  terminated: 'This person has left the company; their record is not changed by an import.',
  failed: 'The import could not be completed; nothing was changed.',
} as const;

// Cells may hold line breaks (an address in quotes); the parse call has already replaced
// every other control character, and turned line breaks in headers into spaces.
const cell = multilineTextField({ maxLength: PEOPLE_IMPORT_LIMITS.cell, untrimmed: true });
const names = v.pipe(v.array(textField({ maxLength: 100 })), v.maxLength(PEOPLE_IMPORT_LIMITS.rows, 'Too many items.'));
const fieldChoice = v.nullable(v.picklist(IMPORT_FIELDS, 'Unknown field.'));

/** POST /api/people-import/preview and POST /api/people-import: the cells, the mapping, what to create, whether to invite. */
export const PeopleImportInputSchema = v.object({
  headers: v.pipe(
    v.array(textField({ maxLength: 200 })),
    v.minLength(1, peopleImportMessages.empty),
    v.maxLength(PEOPLE_IMPORT_LIMITS.columns, peopleImportMessages.tooManyColumns),
  ),
  rows: v.pipe(
    v.array(v.pipe(v.array(cell), v.maxLength(PEOPLE_IMPORT_LIMITS.columns, peopleImportMessages.tooManyColumns))),
    v.minLength(1, peopleImportMessages.empty),
    v.maxLength(PEOPLE_IMPORT_LIMITS.rows, peopleImportMessages.tooManyRows),
  ),
  /** One choice per header: the field it holds, or null to leave the column out. */
  mapping: v.pipe(v.array(fieldChoice), v.maxLength(PEOPLE_IMPORT_LIMITS.columns, peopleImportMessages.mappingLength)),
  /** Names (as written in the file) to add to the company's lists; `create_all` adds every missing one. */
  create: v.optional(
    v.object({
      departments: v.optional(names, []),
      locations: v.optional(names, []),
      job_titles: v.optional(names, []),
    }),
    { departments: [], locations: [], job_titles: [] },
  ),
  create_all: v.optional(v.boolean(), false),
  /** E-mail everyone new (and anyone still waiting) an invitation once the import is done. */
  invite: v.optional(v.boolean(), false),
});
export type PeopleImportInput = v.InferInput<typeof PeopleImportInputSchema>;

/** POST /api/people-import/parse: the file's header row and cells, and the mapping to start from. */
export type ParsedSpreadsheet = {
  file_name: string;
  headers: string[];
  rows: string[][];
  mapping: (ImportField | null)[];
  /** Whether the mapping came from the company's last import (otherwise guessed from the headers). */
  remembered: boolean;
};

export type ImportRowAction = 'new' | 'update' | 'error';
export type ImportRowPreview = {
  /** The line in the spreadsheet (the header is line 1). */
  line: number;
  name: string;
  email: string;
  action: ImportRowAction;
  /** Field → messages, in the words of the add-employee form. */
  errors: Partial<Record<ImportField | 'row', string[]>>;
};
export type MissingItems = { departments: string[]; locations: string[]; job_titles: string[] };
export type ImportPreview = {
  rows: ImportRowPreview[];
  counts: { new: number; updated: number; errors: number; skipped: number };
  /** Names the file uses that the company's lists do not have yet (whether or not chosen for creation). */
  missing: MissingItems;
};

/** The import's answer is NDJSON: progress lines, then one result or one error line. */
export type ImportProgressLine = { type: 'progress'; done: number; total: number };
export type ImportResult = {
  created: number;
  updated: number;
  invited: number;
  created_items: MissingItems;
  people: { id: string; name: string; email: string; action: 'new' | 'update' }[];
};
export type ImportResultLine = { type: 'result'; result: ImportResult };
export type ImportErrorLine = {
  type: 'error';
  status: number;
  message: string;
  /** For a refusal found while writing: the line and its messages. */
  rows?: ImportRowPreview[];
};
export type ImportStreamLine = ImportProgressLine | ImportResultLine | ImportErrorLine;

/** What an import makes stale besides the directory: the lists it may add to, and the balances it logs. */
export const PEOPLE_IMPORT_INVALIDATES = [
  'user-basic',
  'users',
  'user-meet-the-team',
  'audit-log',
  'departments',
  'company-location',
  'company-position',
  'user-absence-period',
  'user-absence-period-value',
  'user-absence-period-value-log',
  'user-working-pattern',
  'user-employment-details',
  'user-contact-details',
  'user-personal-details',
] as const;

/** The template's columns and its one example row. */
export const TEMPLATE_COLUMNS: { header: string; example: string }[] = [
  { header: 'First name', example: 'Amira' },
  { header: 'Surname', example: 'Khan' },
  { header: 'Work e-mail', example: 'amira.khan@example.co.uk' },
  { header: 'Personal e-mail', example: 'amira@example.com' },
  { header: 'Phone', example: '07700 900123' },
  { header: 'Start date', example: '03/03/2025' },
  { header: 'Job title', example: 'Shift supervisor' },
  { header: 'Department', example: 'Operations' },
  { header: 'Location', example: 'Head office' },
  { header: "Line manager's e-mail", example: '' },
  { header: 'Days per week', example: '5' },
  { header: 'Employment type', example: '' },
  { header: 'Annual allowance', example: '28' },
  { header: 'Leave taken this year', example: '3' },
  { header: 'Date of birth', example: '14/07/1990' },
  { header: 'NI number', example: 'AB123456C' },
  { header: 'Address line 1', example: '1 High Street' },
  { header: 'Address line 2', example: '' },
  { header: 'Town', example: 'Leeds' },
  { header: 'County', example: 'West Yorkshire' },
  { header: 'Postcode', example: 'LS1 4AP' },
];
