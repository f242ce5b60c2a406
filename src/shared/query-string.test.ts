import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIST_KEYS, parseQuery, stringifyQuery, type QueryInput } from './query-string';

describe('parseQuery', () => {
  it('reads bracket arrays, with or without indexes', () => {
    expect(parseQuery('status[]=a&status[]=b')).toEqual({ status: ['a', 'b'] });
    expect(parseQuery('ids[0]=1&ids[1]=2')).toEqual({ ids: ['1', '2'] });
    expect(parseQuery('?tags%5B%5D=x')).toEqual({ tags: ['x'] });
  });

  it('wraps a single value of tags, tag_ids and status into a list, and only those', () => {
    expect(parseQuery('status=a&tags=t&tag_ids=7&q=a')).toEqual({ status: ['a'], tags: ['t'], tag_ids: ['7'], q: 'a' });
  });

  it('skips empty and null values, and keys without a value', () => {
    expect(parseQuery('q=&status=&x=null&flag&status[]=&=v')).toEqual({});
    expect(parseQuery('')).toEqual({});
  });

  it('turns a repeated plain key into a list', () => {
    expect(parseQuery('user_id=1&user_id=2&user_id=3')).toEqual({ user_id: ['1', '2', '3'] });
  });

  it('reads named brackets as an object', () => {
    expect(parseQuery('filter[name]=Ann&filter[department]=HR')).toEqual({ filter: { name: 'Ann', department: 'HR' } });
  });

  it('decodes percent-encoding and plus signs, and keeps a malformed escape as it is', () => {
    expect(parseQuery('q=Mary+Ann%20Smith&r=%E2%9C%93&bad=%E0%A4%A')).toEqual({ q: 'Mary Ann Smith', r: '✓', bad: '%E0%A4%A' });
  });

  it('cannot pollute prototypes', () => {
    const parsed = parseQuery('__proto__[polluted]=1&__proto__=2&constructor[prototype][x]=3');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).not.toContain('__proto__');
  });
});

describe('stringifyQuery', () => {
  it('writes lists as bracket arrays and wraps single list-key values', () => {
    expect(stringifyQuery({ status: ['a', 'b'], tags: 'x', q: 'hi there' })).toBe('status[]=a&status[]=b&tags[]=x&q=hi%20there');
  });

  it('skips empty and null values, inside lists too', () => {
    expect(stringifyQuery({ a: '', b: null, c: undefined, status: ['', null, 'a'], d: 0, e: false })).toBe('status[]=a&d=0&e=false');
  });

  it('writes dates as ISO strings and objects as named brackets', () => {
    expect(stringifyQuery({ from: new Date('2025-01-02T03:04:05.000Z'), filter: { name: 'Ann', skip: null } })).toBe(
      'from=2025-01-02T03%3A04%3A05.000Z&filter[name]=Ann',
    );
  });
});

// Anything the client sends, the server reads back the same, for keys that are
// not themselves bracketed and values the format does not skip.
const keyArb = fc.oneof(
  fc.constantFrom(...LIST_KEYS, 'q', 'user_id', 'offset', 'page'),
  fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !/[[\]]/.test(key) && key !== '__proto__'),
);
const textArb = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }).filter((value) => value !== 'null');
const scalarArb = fc.oneof(textArb, fc.integer(), fc.boolean());
const listArb = fc.array(scalarArb, { minLength: 1, maxLength: 4 });
// A numeric sub-key is the indexed array form (`ids[0]=…`), so object keys are not numbers.
const objectArb = fc.dictionary(
  keyArb.filter((key) => !/^\d+$/.test(key)),
  textArb,
  { minKeys: 1, maxKeys: 3 },
);
// The list keys are filters of scalars: an object there has no meaning (and is not wrapped).
const inputArb = fc
  .dictionary(keyArb, fc.oneof(scalarArb, listArb, objectArb), { maxKeys: 6 })
  .map((input) =>
    Object.fromEntries(
      Object.entries(input).filter(([key, value]) => !LIST_KEYS.includes(key) || typeof value !== 'object' || Array.isArray(value)),
    ),
  );

function expected(input: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (Array.isArray(value)) result[key] = value.map(String);
    else if (value !== null && typeof value === 'object')
      result[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
    else result[key] = LIST_KEYS.includes(key) ? [String(value)] : String(value);
  }
  return result;
}

describe('stringify → parse round trip', () => {
  it('gives back what was sent', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(parseQuery(stringifyQuery(input as QueryInput))).toEqual(expected(input));
      }),
      { numRuns: 500 },
    );
  });
});
