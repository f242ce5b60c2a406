// The e-mail field rules, for every form with an e-mail address: the input is
// trimmed; only letters, digits and + @ . _ ' - may appear ("Invalid characters in email");
// anything but a local part, one @ and a dotted domain is "Invalid email format"; an empty
// value passes (a form that needs the address says "Field is required." itself).
import * as v from 'valibot';

export const emailFieldMessages = {
  characters: 'Invalid characters in email',
  format: 'Invalid email format',
} as const;

const ALLOWED_CHARACTERS = /^[A-Za-z0-9+@._'-]*$/;
const SHAPE = /^[^@]+@[^@.]+(\.[^@.]+)+$/;

/** Both rules at once, for fields whose single message is SPEC's "This is not a valid e-mail address.". */
export function isEmailAddress(value: string): boolean {
  return ALLOWED_CHARACTERS.test(value) && SHAPE.test(value);
}

export const EmailFieldSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => ALLOWED_CHARACTERS.test(value), emailFieldMessages.characters),
  v.check((value) => value === '' || SHAPE.test(value), emailFieldMessages.format),
);

/**
 * The same rules plus "Field is required.", for forms whose e-mail address is mandatory. An
 * empty value is only "Field is required." (empty passes the e-mail rule itself).
 */
export const RequiredEmailFieldSchema = v.pipe(
  v.string('Field is required.'),
  v.trim(),
  v.nonEmpty('Field is required.'),
  v.check((value) => ALLOWED_CHARACTERS.test(value), emailFieldMessages.characters),
  v.check((value) => value === '' || SHAPE.test(value), emailFieldMessages.format),
  v.maxLength(254, 'Max length exceeded.'),
);
