// Employee records, part A: personal details (with the
// special-category and financial fields only the person, HR admins and owners see), contact
// details, about me, next of kin, notes and the company's custom form fields filled per person.
// Every field may be sent empty or null: that clears it.
import * as v from 'valibot';
import { isIsoDate, londonDate } from '../../shared/dates';
import { EmailFieldSchema } from '../../shared/email-field';
import {
  ExtensionSchema,
  fieldMessages,
  NationalInsuranceNumberSchema,
  PostcodeSchema,
  multilineTextField,
  requiredMultilineTextField,
  requiredTextField,
  singleLine,
  textField,
} from '../../shared/validators';

export const personalRecordResources = {
  personalDetails: 'user-personal-details',
  contactDetails: 'user-contact-details',
  aboutMe: 'user-about-me',
  nextOfKin: 'user-next-of-kin',
  notes: 'user-notes',
  customFields: 'user-custom-fields',
} as const;

export const personalRecordEndpoints = {
  personalDetails: '/api/user-personal-details',
  specialCategory: '/api/user-special-category',
  contactDetails: '/api/user-contact-details',
  aboutMe: '/api/user-about-me',
  nextOfKin: '/api/user-next-of-kin',
  notes: '/api/user-notes',
  customFields: '/api/user-custom-fields',
} as const;

const at = (resource: string, id?: string) => (id === undefined ? `/api/${resource}` : `/api/${resource}/${encodeURIComponent(id)}`);

export const personalRecordPaths = {
  personalDetails: (userId: string) => at(personalRecordResources.personalDetails, userId),
  contactDetails: (userId: string) => at(personalRecordResources.contactDetails, userId),
  aboutMe: (userId: string) => at(personalRecordResources.aboutMe, userId),
  nextOfKinList: at(personalRecordResources.nextOfKin),
  nextOfKin: (id: string) => at(personalRecordResources.nextOfKin, id),
  notesList: at(personalRecordResources.notes),
  note: (id: string) => at(personalRecordResources.notes, id),
  customFields: (userId: string) => at(personalRecordResources.customFields, userId),
} as const;

export const personalRecordMessages = {
  date: 'This is not a valid date.',
  futureBirth: 'The date of birth cannot be in the future.',
  phone: 'This is not a valid phone number.',
  sortCode: 'This is not a valid sort code.',
  accountNumber: 'This is not a valid account number.',
  number: 'This is not a valid number.',
  option: 'Please choose one of the options.',
  checkbox: 'Choose true or false.',
  unknownField: 'This field no longer exists.',
  notAuthor: 'Only the author of a note or someone over the whole company may change it.',
} as const;

// ---- Field pipes: every optional field takes a string, '' or null, and writes a value or null.

const emptyToNull = (value: string) => (value === '' ? null : value);

/** Optional trimmed single-line text with a maximum length; '' and null become null. */
const optionalText = (maxLength: number) => v.nullish(v.pipe(textField({ maxLength }), v.transform(emptyToNull)));
/** The same for text that may span lines. */
const optionalLines = (maxLength: number) => v.nullish(v.pipe(multilineTextField({ maxLength }), v.transform(emptyToNull)));

const optionalOf = <TSchema extends v.GenericSchema<string, string>>(schema: TSchema) =>
  v.nullish(v.pipe(schema, v.transform(emptyToNull)));

const PHONE = /^\+?[0-9 ]{6,20}$/;
export const PhoneSchema = v.pipe(
  v.string(personalRecordMessages.phone),
  v.trim(),
  v.check((value) => value === '' || (PHONE.test(value) && value.length <= 20), personalRecordMessages.phone),
);

/** A calendar date yyyy-MM-dd that has happened (or is today). */
export const BirthDateSchema = v.pipe(
  v.string(personalRecordMessages.date),
  v.trim(),
  v.check((value) => value === '' || isIsoDate(value), personalRecordMessages.date),
  v.check((value) => value === '' || !isIsoDate(value) || value >= '1900-01-01', personalRecordMessages.date),
  v.check((value) => value === '' || !isIsoDate(value) || value <= londonDate(new Date()), personalRecordMessages.futureBirth),
);

/** "12-34-56", "12 34 56" or "123456"; stored as "12-34-56". */
export const SortCodeSchema = v.pipe(
  v.string(personalRecordMessages.sortCode),
  v.trim(),
  v.transform((value) => value.replace(/[\s-]/g, '')),
  v.check((value) => value === '' || /^\d{6}$/.test(value), personalRecordMessages.sortCode),
  v.transform((value) => (value === '' ? value : `${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4)}`)),
);

export const AccountNumberSchema = v.pipe(
  v.string(personalRecordMessages.accountNumber),
  v.trim(),
  v.transform((value) => value.replace(/\s/g, '')),
  v.check((value) => value === '' || /^\d{8}$/.test(value), personalRecordMessages.accountNumber),
);

const EmailSchema = v.pipe(EmailFieldSchema, v.maxLength(254, fieldMessages.maxLength));

// ---- Personal details ----------------------------------------------------------------------

export const SPECIAL_CATEGORY_FIELDS = [
  'ethnicity',
  'ni_number',
  'health_notes',
  'bank_account_name',
  'bank_sort_code',
  'bank_account_number',
] as const;
export type SpecialCategoryField = (typeof SPECIAL_CATEGORY_FIELDS)[number];

export type SpecialCategoryDetails = Record<SpecialCategoryField, string | null>;

/** What GET answers: the special-category keys are present only when `special_category` is true. */
export type PersonalDetails = {
  user_id: string;
  date_of_birth: string | null;
  gender: string | null;
  nationality: string | null;
  special_category: boolean;
} & Partial<SpecialCategoryDetails>;

export const UpdatePersonalDetailsInputSchema = v.object({
  date_of_birth: optionalOf(BirthDateSchema),
  gender: optionalText(50),
  nationality: optionalText(100),
  ethnicity: optionalText(100),
  ni_number: optionalOf(NationalInsuranceNumberSchema),
  health_notes: optionalLines(2000),
  bank_account_name: optionalText(100),
  bank_sort_code: optionalOf(SortCodeSchema),
  bank_account_number: optionalOf(AccountNumberSchema),
});
export type UpdatePersonalDetailsInput = v.InferInput<typeof UpdatePersonalDetailsInputSchema>;
export type PersonalDetailsChange = v.InferOutput<typeof UpdatePersonalDetailsInputSchema>;

// ---- Contact details -----------------------------------------------------------------------

export const UpdateContactDetailsInputSchema = v.object({
  address_line1: optionalText(100),
  address_line2: optionalText(100),
  town: optionalText(100),
  county: optionalText(100),
  postcode: optionalOf(PostcodeSchema),
  home_phone: optionalOf(PhoneSchema),
  mobile_phone: optionalOf(PhoneSchema),
  work_phone: optionalOf(PhoneSchema),
  work_extension: optionalOf(ExtensionSchema),
  personal_email: optionalOf(EmailSchema),
});
export type UpdateContactDetailsInput = v.InferInput<typeof UpdateContactDetailsInputSchema>;
export type ContactDetailsChange = v.InferOutput<typeof UpdateContactDetailsInputSchema>;
/** Every field of the form, null when not given. */
export type ContactDetails = { user_id: string } & { [K in keyof ContactDetailsChange]-?: string | null };

// ---- About me ------------------------------------------------------------------------------

export const ABOUT_MAX_LENGTH = 2000;
export const INTERESTS_MAX_LENGTH = 500;

export type AboutMe = { user_id: string; about: string; interests: string };

/** About me is never null: empty text is "nothing written". */
const aboutText = (maxLength: number) => v.nullish(multilineTextField({ maxLength }));

export const UpdateAboutMeInputSchema = v.object({
  about: aboutText(ABOUT_MAX_LENGTH),
  interests: aboutText(INTERESTS_MAX_LENGTH),
});
export type UpdateAboutMeInput = v.InferInput<typeof UpdateAboutMeInputSchema>;
export type AboutMeChange = v.InferOutput<typeof UpdateAboutMeInputSchema>;

// ---- Next of kin ---------------------------------------------------------------------------

export type NextOfKin = {
  id: string;
  user_id: string;
  name: string;
  relationship: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  created_at: string;
};

const UserIdSchema = v.pipe(
  v.string(fieldMessages.required),
  v.trim(),
  v.nonEmpty(fieldMessages.required),
  v.uuid('This is not a valid user.'),
);

const nextOfKinFields = {
  name: requiredTextField({ maxLength: 100 }),
  relationship: requiredTextField({ maxLength: 50 }),
  phone: optionalOf(PhoneSchema),
  email: optionalOf(EmailSchema),
  address: optionalLines(500),
};

export const UpdateNextOfKinInputSchema = v.object(nextOfKinFields);
export const CreateNextOfKinInputSchema = v.object({ user_id: UserIdSchema, ...nextOfKinFields });
export type CreateNextOfKinInput = v.InferInput<typeof CreateNextOfKinInputSchema>;
export type UpdateNextOfKinInput = v.InferInput<typeof UpdateNextOfKinInputSchema>;

export const FindNextOfKinQuerySchema = v.object({ user_id: UserIdSchema });

// ---- Notes ---------------------------------------------------------------------------------

export const USER_NOTE_TYPES = ['general', 'performance', 'absence', 'disciplinary', 'grievance', 'training', 'other'] as const;
export type UserNoteType = (typeof USER_NOTE_TYPES)[number];
export const USER_NOTE_TYPE_LABELS: Record<UserNoteType, string> = {
  general: 'General',
  performance: 'Performance',
  absence: 'Absence',
  disciplinary: 'Disciplinary',
  grievance: 'Grievance',
  training: 'Training',
  other: 'Other',
};
export const NOTE_MAX_LENGTH = 5000;

export type UserNote = {
  id: string;
  user_id: string;
  user_name: string;
  type: UserNoteType;
  body: string;
  author_id: string | null;
  author_name: string | null;
  created_at: string;
  updated_at: string;
};

const NoteTypeSchema = v.picklist(USER_NOTE_TYPES, fieldMessages.required);
const noteFields = { type: NoteTypeSchema, body: requiredMultilineTextField({ maxLength: NOTE_MAX_LENGTH }) };

export const CreateUserNoteInputSchema = v.object({ user_id: UserIdSchema, ...noteFields });
export const UpdateUserNoteInputSchema = v.object(noteFields);
export type CreateUserNoteInput = v.InferInput<typeof CreateUserNoteInputSchema>;
export type UpdateUserNoteInput = v.InferInput<typeof UpdateUserNoteInputSchema>;

const optionalUuid = v.optional(v.pipe(v.string(), v.uuid('This is not a valid id.')));
export const FindUserNotesQuerySchema = v.object({
  user_id: optionalUuid,
  department_id: optionalUuid,
  company_id: optionalUuid,
  type: v.optional(NoteTypeSchema),
});

// ---- Custom form fields --------------------------------------------------------------------

export type CustomFieldType = 'text' | 'textarea' | 'number' | 'date' | 'select' | 'checkbox';

export type UserCustomField = {
  id: string;
  label: string;
  field_type: CustomFieldType;
  options: string[];
  required: boolean;
  position: number;
  /** The person's value as text ('true'/'false' for a checkbox), or null when not filled. */
  value: string | null;
};

export type UserCustomFields = { user_id: string; fields: UserCustomField[] };

export const CUSTOM_TEXT_MAX_LENGTH = 500;
export const CUSTOM_TEXTAREA_MAX_LENGTH = 2000;

/** Values by field id; numbers and booleans are taken as their text. */
export const UpdateUserCustomFieldsInputSchema = v.object({
  values: v.record(
    v.pipe(v.string(), singleLine, v.maxLength(64)),
    v.nullable(
      // Line breaks pass here for textarea fields; a text field refuses them when checked against its type.
      v.union(
        [multilineTextField(), v.pipe(v.number(), v.finite(), v.toString()), v.pipe(v.boolean(), v.toString())],
        fieldMessages.required,
      ),
    ),
  ),
});
export type UpdateUserCustomFieldsInput = v.InferInput<typeof UpdateUserCustomFieldsInputSchema>;
