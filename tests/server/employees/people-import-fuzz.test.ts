// Importing people with bodies and files of any shape (fast-check): never a 5xx, whatever an
// owner sends to read a file, preview or import — mostly-right bodies (the real headers and
// mapping with fuzzed cells, so the row checks and the writes run) as well as nonsense — and an
// import's NDJSON answer never ends in a server error.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessMapping, IMPORT_FIELDS } from '../../../src/modules/employees/people-import.contract';
import { bearer } from '../../support/identity-fixtures';
import { addLeaveCompany } from '../../support/leave-fixtures';
import { PEOPLE_HEADERS } from '../../support/people-import-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { multipartBody } from '../../support/upload-fixtures';

let t: TestApp;
let auth: { authorization: string };
let managerEmail: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const company = await addLeaveCompany(t);
  auth = bearer(await company.token('owner'));
  managerEmail = company.people.manager.email;
});
afterAll(async () => t.close());

const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a'.repeat(1200),
    '31/02/2025',
    '03/03/2025',
    '2025-03-03',
    '45719',
    '99999999',
    '5',
    '2.5',
    'Mon-Fri',
    '-3',
    '1e308',
    'NaN',
    'AB123456C',
    'LS1 4AP',
    'Operations',
    'x@y.zz',
    'fuzz@fuzz.test',
    '=1+1',
    '"',
    '\n',
  ),
);
const HEADERS = [...PEOPLE_HEADERS.brighthr];
// The columns as guessing reads a BrightHR export (people-import-parse.test.ts spells them out).
const MAPPING = guessMapping(HEADERS);
const row = fc.array(cell, { minLength: 0, maxLength: HEADERS.length + 2 });
const nearlyRight = fc.record({
  headers: fc.constant(HEADERS),
  rows: fc.array(row, { minLength: 1, maxLength: 4 }),
  mapping: fc.oneof(fc.constant(MAPPING), fc.array(fc.oneof(fc.constantFrom(...IMPORT_FIELDS), fc.constant(null)), { maxLength: 18 })),
  create_all: fc.oneof(fc.boolean(), fc.constant('yes')),
  create: fc.oneof(fc.constant(undefined), fc.record({ departments: fc.array(cell, { maxLength: 2 }) }), fc.anything({ maxDepth: 1 })),
  invite: fc.constant(false),
});
const body = fc.oneof(
  nearlyRight,
  nearlyRight,
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('headers', 'rows', 'mapping', 'create'), fc.anything({ maxDepth: 2 })),
);

describe('the people import under fuzzing', () => {
  it('never answers 5xx to any preview or import body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/people-import/preview', '/api/people-import'), body, async (url, raw) => {
        const withManager = JSON.stringify(raw)?.replaceAll('fuzz@fuzz.test', managerEmail) ?? 'null';
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: withManager,
        });
        expect(res.statusCode, `${url} ${res.body.slice(0, 500)}`).toBeLessThan(500);
        if (url === '/api/people-import' && res.statusCode === 200) {
          expect(res.body, res.body.slice(-500)).not.toContain('"status":500');
        }
      }),
      { numRuns: 250 },
    );
  });

  it('never answers 5xx to any uploaded file', async () => {
    const file = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc.array(fc.array(cell, { maxLength: 5 }), { maxLength: 6 }).map((rows) => Buffer.from(rows.map((r) => r.join(',')).join('\n'))),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(bytes)])),
    );
    await fc.assert(
      fc.asyncProperty(file, fc.constantFrom('file', 'other'), async (data, name) => {
        const { payload, headers } = multipartBody([{ name, filename: 'people.csv', data }]);
        const res = await t.app.inject({ method: 'POST', url: '/api/people-import/parse', payload, headers: { ...headers, ...auth } });
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
