// POST /api/sign-up and /api/sign-up/confirm with bodies of any shape (fast-check), from many
// networks: never a 5xx; a refusal is a client error (422, 429), an acceptance the 202 answer.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_REGIONS } from '../../../src/modules/companies/sign-up.contract';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000', SIGN_UP: 'open' } });
});
afterAll(async () => t.close());

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('\u0000', '', ' ', 'a'.repeat(2000), '1e309', '-0'),
);
const anyField = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));

const plausible = fc.record(
  {
    company_name: fc.oneof(fc.string({ maxLength: 160 }), fc.string({ unit: 'binary', maxLength: 20 })),
    first_name: fc.string({ maxLength: 110 }),
    surname: fc.string({ maxLength: 110 }),
    email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 })),
    employees: fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.double(), fc.string({ maxLength: 4 })),
    bank_holiday_region: fc.oneof(fc.constantFrom(...SIGN_UP_REGIONS), fc.string({ maxLength: 20 })),
    company_reference: fc.oneof(fc.constant(''), fc.string({ maxLength: 600 })),
    form_ms: fc.oneof(fc.nat(), fc.double(), fc.constant(-1), fc.constant(Number.MAX_SAFE_INTEGER + 2)),
  },
  { requiredKeys: [] },
);
const shaped = fc.record(
  {
    company_name: anyField,
    first_name: anyField,
    surname: anyField,
    email: anyField,
    employees: anyField,
    bank_holiday_region: anyField,
    form_ms: anyField,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(plausible, shaped, fc.anything({ maxDepth: 2 }));

describe('sign-up under fuzzing', () => {
  it('never answers 5xx to a request', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), fc.nat({ max: 255 }), async (value, asJson, host) => {
        const payload = asJson ? (JSON.stringify(value) ?? 'null') : String(JSON.stringify(value)).slice(1);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/sign-up',
          remoteAddress: `198.51.${host}.1`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect([202, 400, 413, 415, 422, 429]).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  it('never answers 5xx to a confirmation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ token: anyField }, { requiredKeys: [] }), fc.anything({ maxDepth: 2 })), async (value) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/sign-up/confirm',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(value) ?? 'null',
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect([400, 422]).toContain(res.statusCode);
      }),
      { numRuns: 100 },
    );
  });
});
