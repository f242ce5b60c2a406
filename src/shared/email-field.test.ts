import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RequiredEmailFieldSchema } from './email-field';

const messages = (value: unknown) => v.safeParse(RequiredEmailFieldSchema, value).issues?.map((issue) => issue.message) ?? [];

describe('the required e-mail field', () => {
  it('says only "Field is required." when it is empty (empty passes the e-mail rule itself)', () => {
    expect(messages('')).toEqual(['Field is required.']);
    expect(messages('   ')).toEqual(['Field is required.']);
  });

  it('says "Invalid email format" for a value that is not an address, and passes one that is', () => {
    expect(messages('ella@')).toEqual(['Invalid email format']);
    expect(messages('ella@example.co.uk')).toEqual([]);
  });
});
