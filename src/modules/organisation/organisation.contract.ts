// The organisation's lists (settings tabs, §3 resource names): locations,
// departments and their managers, job titles, employee tags, contract types, termination
// reasons, working-pattern templates, pay-rate types, custom form fields, terms and
// conditions and company notes; and the iCal token reset of user settings. Every company
// user reads the lists (forms and filters need them); owners and HR admins write them.
import * as v from 'valibot';
import {
  fieldMessages,
  multilineTextField,
  PostcodeSchema,
  requiredMultilineTextField,
  requiredTextField,
  searchField,
  textField,
} from '../../shared/validators';

export const ORGANISATION_RESOURCES = {
  locations: 'company-location',
  departments: 'departments',
  managedDepartments: 'user-managed-department',
  positions: 'company-position',
  contractTypes: 'contract-type',
  terminationReasons: 'termination-reason',
  tags: 'user-tags',
  workingPatternTemplates: 'working-pattern-templates',
  payRateTypes: 'company-pay-rate-type',
  customFormFields: 'custom-form-fields',
  terms: 'terms-and-conditions',
  companyNotes: 'company-notes',
  icalTokenReset: 'user-icalendar-token-reset',
} as const;
export type OrganisationResource = (typeof ORGANISATION_RESOURCES)[keyof typeof ORGANISATION_RESOURCES];

export const ICAL_TOKEN_RESET_PATH = '/api/user-icalendar-token-reset';
export const companyLogoPath = (companyId: string) => `/api/company-logo/${encodeURIComponent(companyId)}`;
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const DUPLICATE_NAME = 'This name is already used.';
export const NAME_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 2_000;
export const TERMS_BODY_MAX_LENGTH = 20_000;

export const BANK_HOLIDAY_REGION_LABELS = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
} as const;
export type BankHolidayRegion = keyof typeof BANK_HOLIDAY_REGION_LABELS;
const REGIONS = Object.keys(BANK_HOLIDAY_REGION_LABELS) as BankHolidayRegion[];

export const TAG_COLOURS = [
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'gray',
  'dark',
] as const;
export const PAY_UNITS = ['hour', 'day', 'week', 'month', 'year'] as const;
export const CUSTOM_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'checkbox'] as const;
export const WEEKDAY_HOURS = ['mon_hours', 'tue_hours', 'wed_hours', 'thu_hours', 'fri_hours', 'sat_hours', 'sun_hours'] as const;

/** Trimmed single-line text that must be filled, at most `max` characters. */
const requiredText = (max: number) => requiredTextField({ maxLength: max });
/** Trimmed optional single-line text: '' and null are stored as null. */
const optionalText = (max: number) =>
  v.pipe(
    v.nullish(textField({ maxLength: max }), null),
    v.transform((value) => (value ? value : null)),
  );

const NameSchema = requiredText(NAME_MAX_LENGTH);

/** The lists that are only a name: job titles, contract types, termination reasons, departments. */
export const NamedItemInputSchema = v.object({ name: NameSchema }, fieldMessages.required);
export type NamedItemInput = v.InferInput<typeof NamedItemInputSchema>;

export const LocationInputSchema = v.object(
  {
    name: NameSchema,
    address_line1: optionalText(200),
    address_line2: optionalText(200),
    town: optionalText(100),
    postcode: v.pipe(
      v.nullish(PostcodeSchema, null),
      v.transform((value) => (value ? value : null)),
    ),
    bank_holiday_region: v.optional(v.picklist(REGIONS, 'Please select a region.'), 'england-and-wales'),
  },
  fieldMessages.required,
);
export type LocationInput = v.InferInput<typeof LocationInputSchema>;

export const TagInputSchema = v.object(
  { name: NameSchema, colour: v.optional(v.picklist(TAG_COLOURS, 'Please select a colour.'), 'blue') },
  fieldMessages.required,
);
export type TagInput = v.InferInput<typeof TagInputSchema>;

const hours = v.pipe(
  v.number(fieldMessages.required),
  v.finite(fieldMessages.required),
  v.minValue(0, fieldMessages.min(0)),
  v.maxValue(24, fieldMessages.max(24)),
  v.check((value) => Number.isInteger(value * 4), 'Use quarter hours (0.25, 0.5, 0.75).'),
);
export const WorkingPatternTemplateInputSchema = v.object(
  { name: NameSchema, ...Object.fromEntries(WEEKDAY_HOURS.map((day) => [day, v.optional(hours, 0)])) } as {
    name: typeof NameSchema;
  } & Record<(typeof WEEKDAY_HOURS)[number], v.OptionalSchema<typeof hours, 0>>,
  fieldMessages.required,
);
export type WorkingPatternTemplateInput = v.InferInput<typeof WorkingPatternTemplateInputSchema>;

export const PayRateTypeInputSchema = v.object(
  { name: NameSchema, unit: v.optional(v.picklist(PAY_UNITS, 'Please select a unit.'), 'hour') },
  fieldMessages.required,
);
export type PayRateTypeInput = v.InferInput<typeof PayRateTypeInputSchema>;

export const CustomFormFieldInputSchema = v.pipe(
  v.object(
    {
      label: NameSchema,
      field_type: v.picklist(CUSTOM_FIELD_TYPES, 'Please select a type.'),
      options: v.optional(v.pipe(v.array(requiredText(100), 'Field is required.'), v.maxLength(50, 'At most 50 options.')), []),
      required: v.optional(v.boolean(fieldMessages.required), false),
      position: v.optional(
        v.pipe(
          v.number(fieldMessages.required),
          v.integer(fieldMessages.required),
          v.minValue(0, fieldMessages.min(0)),
          v.maxValue(10_000, fieldMessages.max(10_000)),
        ),
        0,
      ),
    },
    fieldMessages.required,
  ),
  v.forward(
    v.check((input) => input.field_type !== 'select' || input.options.length > 0, 'A select needs at least one option.'),
    ['options'],
  ),
  // Only a select keeps its options.
  v.transform((input) => ({ ...input, options: input.field_type === 'select' ? input.options : [] })),
);
export type CustomFormFieldInput = v.InferInput<typeof CustomFormFieldInputSchema>;

export const TermsInputSchema = v.object(
  {
    title: requiredText(200),
    // Not trimmed: the body's layout (leading indentation, blank lines) is the author's.
    body: v.optional(multilineTextField({ maxLength: TERMS_BODY_MAX_LENGTH, untrimmed: true }), ''),
    /** true publishes now (a published version keeps its first publication date). */
    publish: v.optional(v.boolean(fieldMessages.required), false),
  },
  fieldMessages.required,
);
export type TermsInput = v.InferInput<typeof TermsInputSchema>;

export const CompanyNoteInputSchema = v.object(
  { body: requiredMultilineTextField({ maxLength: NOTE_MAX_LENGTH }) },
  fieldMessages.required,
);
export type CompanyNoteInput = v.InferInput<typeof CompanyNoteInputSchema>;

const uuid = (message: string) => v.pipe(v.string(message), v.uuid(message));
/** A company a list request may name; a list is always the caller's own company's, whatever it names. */
const companyFilter = v.optional(uuid('This is not a valid company.'));

export const ListQuerySchema = v.object({ search: searchField(), company_id: companyFilter });
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;

export const ManagedDepartmentQuerySchema = v.object({
  user_id: v.optional(uuid('This is not a valid user.')),
  department_id: v.optional(uuid('This is not a valid department.')),
  company_id: companyFilter,
});
export const ManagedDepartmentInputSchema = v.object(
  { user_id: uuid('Please select a person.'), department_id: uuid('Please select a department.') },
  fieldMessages.required,
);
export type ManagedDepartmentInput = v.InferInput<typeof ManagedDepartmentInputSchema>;
export const OWN_DEPARTMENT_MESSAGE = 'This is their own department; change it on their employment details.';

// What the lists answer (each row also has id and created_at).
type Row = { id: string; created_at: string };
export type Location = Row & {
  name: string;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  postcode: string | null;
  bank_holiday_region: BankHolidayRegion;
};
export type PersonName = { id: string; first_name: string; surname: string };
export type Department = Row & { name: string; managers: PersonName[]; employee_count: number };
export type NamedItem = Row & { name: string };
export type Tag = Row & { name: string; colour: (typeof TAG_COLOURS)[number] };
export type WorkingPatternTemplate = Row & { name: string } & Record<(typeof WEEKDAY_HOURS)[number], number>;
export type PayRateType = Row & { name: string; unit: (typeof PAY_UNITS)[number] };
export type CustomFormField = Row & {
  label: string;
  field_type: (typeof CUSTOM_FIELD_TYPES)[number];
  options: string[];
  required: boolean;
  position: number;
};
export type TermsAndConditions = Row & { title: string; body: string; published_at: string | null; updated_at: string };
export type CompanyNote = Row & { body: string; author: PersonName | null; updated_at: string };
/** A department someone manages; `own` marks their own department, which is managed by being theirs. */
export type ManagedDepartment = {
  id: string;
  user_id: string;
  department_id: string;
  department_name: string;
  first_name: string;
  surname: string;
  own: boolean;
};
export type IcalTokenReset = { token: string };

/** Managed-department ids join the person and the department: `{user_id}_{department_id}`. */
export const managedDepartmentId = (input: { user_id: string; department_id: string }) => `${input.user_id}_${input.department_id}`;
