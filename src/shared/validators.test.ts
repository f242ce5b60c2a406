import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './validation';
import {
  ExtensionSchema,
  fieldMessages,
  genericFieldMessage,
  isExtension,
  isMultilineText,
  isNationalInsuranceNumber,
  isPostcode,
  isSingleLineText,
  multilineTextField,
  NationalInsuranceNumberSchema,
  normalisePostcode,
  numberField,
  PostcodeSchema,
  required,
  requiredMultilineTextField,
  requiredTextField,
  textField,
} from './validators';

const issuesOf = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('generic field messages', () => {
  it('reads word for word', () => {
    expect(genericFieldMessage('maxLength')).toBe('Max length exceeded.');
    expect(genericFieldMessage('minLength')).toBe("It's too short.");
    expect(genericFieldMessage('min', 3)).toBe('Value must be greater than or equal 3');
    expect(genericFieldMessage('min')).toBe('Value is too low');
    expect(genericFieldMessage('max', 10)).toBe('Value must be lower than or equal 10');
    expect(genericFieldMessage('max')).toBe('Value is too high');
    expect(genericFieldMessage('required')).toBe('Field is required.');
    expect(genericFieldMessage('pattern')).toBe('Field is required.');
  });
});

describe('UK national insurance number', () => {
  it.each(['AB123456C', 'ab123456c', 'AB 12 34 56 C', ' JG103759A ', 'CE123456D', 'ZA000000A', 'TB123456B'])('accepts %j', (value) => {
    expect(isNationalInsuranceNumber(value)).toBe(true);
  });

  it.each([
    ['DA123456A', 'first letter D'],
    ['FA123456A', 'first letter F'],
    ['IA123456A', 'first letter I'],
    ['QQ123456C', 'first letter Q'],
    ['UA123456A', 'first letter U'],
    ['VA123456A', 'first letter V'],
    ['AD123456A', 'second letter D'],
    ['AO123456A', 'second letter O'],
    ['AV123456A', 'second letter V'],
    ['BG123456A', 'prefix BG'],
    ['GB123456A', 'prefix GB'],
    ['KN123456A', 'prefix KN'],
    ['NK123456A', 'prefix NK'],
    ['NT123456A', 'prefix NT'],
    ['TN123456A', 'prefix TN'],
    ['ZZ123456A', 'prefix ZZ'],
    ['AB123456E', 'suffix E'],
    ['AB123456', 'no suffix'],
    ['AB12345C', 'five digits'],
    ['AB1234567C', 'seven digits'],
    ['A1234567C', 'one letter'],
    ['AB-12-34-56-C', 'dashes'],
  ])('refuses %s (%s)', (value) => {
    expect(isNationalInsuranceNumber(value)).toBe(false);
  });

  it('ignores spaces wherever they are', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 9 }), { maxLength: 10 }), (positions) => {
        const chars = 'JG103759A'.split('');
        for (const at of positions) chars.splice(at, 0, ' ');
        expect(isNationalInsuranceNumber(chars.join(''))).toBe(true);
      }),
    );
  });

  it('matches the HMRC rules for every prefix and suffix', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
    fc.assert(
      fc.property(
        fc.constantFrom(...letters),
        fc.constantFrom(...letters),
        fc.stringMatching(/^\d{6}$/),
        fc.constantFrom(...letters),
        (first, second, digits, suffix) => {
          const valid =
            !'DFIQUV'.includes(first) &&
            !'DFIOQUV'.includes(second) &&
            !['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(first + second) &&
            'ABCD'.includes(suffix);
          expect(isNationalInsuranceNumber(`${first}${second}${digits}${suffix}`)).toBe(valid);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('as a schema: says SPEC’s message, passes empty and stores upper case without spaces', () => {
    expect(issuesOf(NationalInsuranceNumberSchema, 'QQ123456C')).toEqual(['This is not a valid national insurance number.']);
    expect(v.parse(NationalInsuranceNumberSchema, 'jg 10 37 59 a')).toBe('JG103759A');
    expect(v.parse(NationalInsuranceNumberSchema, '  ')).toBe('');
    expect(issuesOf(required(NationalInsuranceNumberSchema), '')).toEqual(['Field is required.']);
  });
});

describe('UK postcode', () => {
  it.each(['SW1A 1AA', 'sw1a1aa', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA', 'gir0aa', ' LS1 4AP '])(
    'accepts %j',
    (value) => expect(isPostcode(value)).toBe(true),
  );

  it.each([
    ['QW1 1AA', 'Q never starts a postcode'],
    ['SW1A 1CA', 'C is not a unit letter'],
    ['SW1A  1AA', 'two spaces'],
    ['SW1A', 'outward code only'],
    ['12345', 'a US ZIP code'],
    ['SW1A 1AAA', 'too long'],
    ['', 'empty'],
  ])('refuses %j (%s)', (value) => expect(isPostcode(value)).toBe(false));

  it('accepts any mix of case', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (upper) => {
        const mixed = 'SW1A 1AA'
          .split('')
          .map((char, i) => (upper[i] ? char.toUpperCase() : char.toLowerCase()))
          .join('');
        expect(isPostcode(mixed)).toBe(true);
      }),
    );
  });

  it('as a schema: says SPEC’s message and stores the usual form', () => {
    expect(issuesOf(PostcodeSchema, 'not a postcode')).toEqual(['This is not a valid postcode.']);
    expect(v.parse(PostcodeSchema, 'sw1a1aa')).toBe('SW1A 1AA');
    expect(v.parse(PostcodeSchema, 'gir0aa')).toBe('GIR 0AA');
    expect(normalisePostcode('m11ae')).toBe('M1 1AE');
  });
});

describe('extension', () => {
  it('takes digits only', () => {
    expect(isExtension('0123')).toBe(true);
    expect(isExtension('12a')).toBe(false);
    expect(isExtension('+44')).toBe(false);
    expect(isExtension('1 2')).toBe(false);
    expect(issuesOf(ExtensionSchema, 'x12')).toEqual(['This is not a valid extension.']);
    expect(v.parse(ExtensionSchema, ' 204 ')).toBe('204');
  });

  it('accepts exactly the strings of digits', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), (value) => {
        expect(isExtension(value)).toBe(/^\d+$/.test(value.trim()));
      }),
    );
  });
});

describe('text and number pipes', () => {
  it('give the generic messages', () => {
    const schema = v.object({ name: requiredTextField({ minLength: 2, maxLength: 5 }), note: textField({ maxLength: 3 }) });
    const result = v.safeParse(schema, { name: 'a', note: 'long' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrorsFromIssues(result.issues)).toEqual({ name: ["It's too short."], note: ['Max length exceeded.'] });
    expect(issuesOf(requiredTextField(), '   ')).toEqual(['Field is required.']);
    expect(issuesOf(requiredTextField({ maxLength: 5 }), 'abcdef')).toEqual(['Max length exceeded.']);
    expect(v.parse(textField({ minLength: 3 }), '')).toBe('');
  });

  it('refuses numbers out of range with the limit in the message', () => {
    expect(issuesOf(numberField({ min: 1, max: 10 }), 0)).toEqual(['Value must be greater than or equal 1']);
    expect(issuesOf(numberField({ min: 1, max: 10 }), 11)).toEqual(['Value must be lower than or equal 10']);
    expect(issuesOf(numberField(), Number.NaN)).toEqual(['Field is required.']);
    expect(fieldMessages.min()).toBe('Value is too low');
  });

  it('never throws, whatever arrives', () => {
    const schemas = [NationalInsuranceNumberSchema, PostcodeSchema, ExtensionSchema, requiredTextField({ maxLength: 10 })];
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...schemas), (value, schema) => {
        expect(() => v.safeParse(schema, value)).not.toThrow();
      }),
    );
  });
});

describe('control characters', () => {
  const code = (from: number, to: number) => fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c));
  /** C0 (tab, line feed and carriage return included), DEL, C1, and the Unicode line and paragraph separators. */
  const control = fc.oneof(code(0x00, 0x1f), code(0x7f, 0x9f), fc.constantFrom('\u2028', '\u2029'));
  /** Anything at all, surrogates included. */
  const text = fc.string({ unit: 'binary', maxLength: 20 });
  const withControl = fc.tuple(text, control, text).map(([before, c, after]) => before + c + after);
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const anyControl = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const nonLineControl = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

  it('no string with a control character passes as single-line text', () => {
    fc.assert(fc.property(withControl, (value) => !isSingleLineText(value)));
  });

  it('a text field never lets one through, and names it in the field message', () => {
    fc.assert(
      fc.property(withControl, (value) => {
        const result = v.safeParse(textField(), value);
        if (result.success) return !anyControl.test(result.output);
        return result.issues.some((issue) => issue.message === 'Please remove special characters such as line breaks.');
      }),
    );
    const result = v.safeParse(v.object({ first_name: requiredTextField({ maxLength: 100 }) }), {
      first_name: 'X\r\nATTENDEE;CN=Eve:mailto:eve@example.test',
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrorsFromIssues(result.issues)).toEqual({ first_name: ['Please remove special characters such as line breaks.'] });
  });

  it('passes text without control characters unchanged but for trimming', () => {
    fc.assert(
      fc.property(
        text.filter((value) => !anyControl.test(value)),
        (value) => isSingleLineText(value) && v.parse(textField(), value) === value.trim(),
      ),
    );
  });

  it('lets line breaks (\\n, \\r\\n) and tabs into multi-line text, and nothing else', () => {
    const lines = fc.array(
      fc.oneof(
        text.filter((value) => !anyControl.test(value)),
        fc.constantFrom('\n', '\r\n', '\t'),
      ),
      { maxLength: 10 },
    );
    fc.assert(fc.property(lines, (parts) => isMultilineText(parts.join(''))));
    const refused = fc.tuple(
      text,
      fc.oneof(
        control.filter((c) => nonLineControl.test(c)),
        fc.constant('\r'),
      ),
      text.filter((t) => !t.startsWith('\n')),
    );
    fc.assert(fc.property(refused, ([before, c, after]) => !isMultilineText(before + c + after)));
    expect(v.parse(requiredMultilineTextField({ maxLength: 100 }), ' Line one\r\nLine two\n\tindented ')).toBe(
      'Line one\r\nLine two\n\tindented',
    );
    expect(issuesOf(multilineTextField(), 'Bell\u0007')).toEqual(['Please remove special characters.']);
    expect(issuesOf(multilineTextField(), 'Old Mac\rline')).toEqual(['Please remove special characters.']);
    expect(issuesOf(textField(), 'Tab\there')).toEqual(['Please remove special characters such as line breaks.']);
  });
});
