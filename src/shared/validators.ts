// The field rules and messages, as plain predicates (forms check as the user
// types) and as valibot pipes (contracts, so the server refuses with the same words). The
// e-mail rules live in ./email-field.ts. An empty value passes every format rule below: a
// field that must be filled says "Field is required." through `required` instead.
import * as v from 'valibot';

/** the generic messages, for a field whose rule has no message of its own. */
export const fieldMessages = {
  required: 'Field is required.',
  maxLength: 'Max length exceeded.',
  minLength: "It's too short.",
  min: (min?: number) => (min === undefined ? 'Value is too low' : `Value must be greater than or equal ${min}`),
  max: (max?: number) => (max === undefined ? 'Value is too high' : `Value must be lower than or equal ${max}`),
  nationalInsuranceNumber: 'This is not a valid national insurance number.',
  postcode: 'This is not a valid postcode.',
  extension: 'This is not a valid extension.',
  email: 'This is not a valid e-mail address.',
  singleLine: 'Please remove special characters such as line breaks.',
  multiline: 'Please remove special characters.',
} as const;

export type FieldRule = 'required' | 'maxLength' | 'minLength' | 'min' | 'max';

/** The message of a broken rule that has none of its own; anything unknown reads as "required". */
export function genericFieldMessage(rule: FieldRule | string, limit?: number): string {
  switch (rule) {
    case 'maxLength':
      return fieldMessages.maxLength;
    case 'minLength':
      return fieldMessages.minLength;
    case 'min':
      return fieldMessages.min(limit);
    case 'max':
      return fieldMessages.max(limit);
    default:
      return fieldMessages.required;
  }
}

// ---------------------------------------------------------------------------------------
// UK national insurance number (HMRC): two prefix letters — the first not D, F, I, Q, U or V,
// the second not D, F, I, O, Q, U or V, and never BG, GB, KN, NK, NT, TN or ZZ — six digits
// and a suffix A to D. People write it with spaces ("QQ 12 34 56 C"); those are ignored.

const NINO = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

/** Upper case without spaces: the form the number is stored in. */
export function normaliseNationalInsuranceNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isNationalInsuranceNumber(value: string): boolean {
  return NINO.test(normaliseNationalInsuranceNumber(value));
}

// ---------------------------------------------------------------------------------------
// UK postcode: outward code (area, district) and inward code (sector digit and two unit
// letters), any case, with or without the single space between them; GIR 0AA is Girobank's.
// The letter classes follow Royal Mail's rules (e.g. no Q, V or X first; no C, I, K, M, O or
// V in the unit), so "typo" postcodes are caught at the form rather than by the post.

const POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) ?\d[ABD-HJLNP-UW-Z]{2})$/;

export function isPostcode(value: string): boolean {
  return POSTCODE.test(value.trim().toUpperCase());
}

/** Upper case with one space before the inward code ("sw1a1aa" → "SW1A 1AA"). */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

// ---------------------------------------------------------------------------------------
// A telephone extension: digits only.

const EXTENSION = /^\d+$/;

export function isExtension(value: string): boolean {
  return EXTENSION.test(value.trim());
}

// ---------------------------------------------------------------------------------------
// Control characters. Text a person types ends up in e-mail headers, iCalendar feeds, CSV
// exports and other people's screens, where a line break or an escape character can forge
// a header or a property. Single-line text refuses every control character: C0 (tab
// included: it is never meant in a name or a title and splits exported columns), DEL, C1,
// and the Unicode line and paragraph separators. Multi-line text allows line breaks (\n and
// \r\n, not a lone \r) and tab, nothing else.

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_REFUSED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTILINE_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/u;

export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_REFUSED.test(value);
}

export function isMultilineText(value: string): boolean {
  return !MULTILINE_REFUSED.test(value);
}

/** The check every single-line text field carries (contracts get it through textField and friends). */
export const singleLine = v.check(isSingleLineText, fieldMessages.singleLine);
/** The check every multi-line text field carries: line breaks and tabs pass, other control characters do not. */
export const multiline = v.check(isMultilineText, fieldMessages.multiline);

// ---------------------------------------------------------------------------------------
// valibot pipes for contracts. Each trims, lets '' through (optional fields) and writes the
// normalised form; wrap with `required(...)` for a field that must be filled.

export const NationalInsuranceNumberSchema = v.pipe(
  v.string(fieldMessages.nationalInsuranceNumber),
  v.trim(),
  v.check((value) => value === '' || isNationalInsuranceNumber(value), fieldMessages.nationalInsuranceNumber),
  v.transform(normaliseNationalInsuranceNumber),
);

export const PostcodeSchema = v.pipe(
  v.string(fieldMessages.postcode),
  v.trim(),
  v.check((value) => value === '' || isPostcode(value), fieldMessages.postcode),
  v.transform((value) => (value === '' ? value : normalisePostcode(value))),
);

export const ExtensionSchema = v.pipe(
  v.string(fieldMessages.extension),
  v.trim(),
  v.check((value) => value === '' || isExtension(value), fieldMessages.extension),
  v.maxLength(10, fieldMessages.maxLength),
);

/** The field must hold something other than blanks, then meet `schema` (trimmed text). */
export function required<TSchema extends v.GenericSchema<string, string>>(schema: TSchema) {
  return v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), schema);
}

type TextOptions = {
  minLength?: number;
  maxLength?: number;
  pattern?: { regex: RegExp; message?: string };
  /** Lets line breaks and tabs through (a note, a comment, an address); single line otherwise. */
  multiline?: boolean;
  /** Keeps leading and trailing blanks (a body whose layout matters); trimmed otherwise. */
  untrimmed?: boolean;
};

/**
 * The way a contract declares text a person types: trimmed, single line unless told, with
 * the optional length and pattern rules and their generic messages; '' passes. Ids,
 * e-mail addresses, dates, enums, passwords and opaque tokens keep their own validators.
 */
export function textField({ minLength, maxLength, pattern, multiline: lines = false, untrimmed = false }: TextOptions = {}) {
  const base = untrimmed ? v.string(fieldMessages.required) : v.pipe(v.string(fieldMessages.required), v.trim());
  return v.pipe(
    base,
    lines ? multiline : singleLine,
    v.check((value) => value === '' || minLength === undefined || value.length >= minLength, fieldMessages.minLength),
    v.check((value) => maxLength === undefined || value.length <= maxLength, fieldMessages.maxLength),
    v.check((value) => value === '' || pattern === undefined || pattern.regex.test(value), pattern?.message ?? fieldMessages.required),
  );
}

/** Trimmed text that must be filled, with the same optional rules. */
export function requiredTextField(options: TextOptions = {}) {
  return v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), textField(options));
}

/** Text that may span lines (a note, a comment, an address); '' passes. */
export function multilineTextField(options: Omit<TextOptions, 'multiline'> = {}) {
  return textField({ ...options, multiline: true });
}

/** Text that may span lines and must be filled. */
export function requiredMultilineTextField(options: Omit<TextOptions, 'multiline'> = {}) {
  return requiredTextField({ ...options, multiline: true });
}

/** A search box: trimmed single-line text up to `maxLength` (100 unless told). */
export function searchField(maxLength = 100) {
  return v.optional(textField({ maxLength }));
}

/** A number between optional bounds, with "Value must be greater than or equal {min}" and its pair. */
export function numberField({ min, max, integer = false }: { min?: number; max?: number; integer?: boolean } = {}) {
  return v.pipe(
    v.number(fieldMessages.required),
    v.finite(fieldMessages.required),
    v.check((value) => !integer || Number.isInteger(value), fieldMessages.required),
    v.check((value) => min === undefined || value >= min, fieldMessages.min(min)),
    v.check((value) => max === undefined || value <= max, fieldMessages.max(max)),
  );
}

// ---- Builders of form fields for the contracts: an optional field takes '' or null for "nothing".

/** '' becomes null: an emptied optional field clears the value. */
export const emptyToNull = v.transform((value: string) => (value === '' ? null : value));
/** Trimmed text meeting `test`, refused with `message`; '' passes here (required fields say so once, with filledField). */
export const formattedField = (message: string, test: (value: string) => boolean) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((x) => x === '' || test(x), message),
  );
/** A formatted field that must be filled ("Field is required." when it is not). */
export const filledField = (schema: ReturnType<typeof formattedField>) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), schema);
/** A formatted field that may be left empty (null). */
export const optionalField = (schema: ReturnType<typeof formattedField>) => v.nullable(v.pipe(schema, emptyToNull));
