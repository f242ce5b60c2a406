// POST /api/login with bodies of any shape (fast-check): never a 5xx, and every refusal is
// one of the outcomes of the contract or a plain client error.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_STATUSES } from '../../../src/modules/auth/auth.contract';
import { seedDemo } from '../../../src/app/server/seed';
import { addCompany, addUser, FIXTURE_PASSWORD } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let emails: string[];
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
  const twoFactor = await addUser(t, { company: await addCompany(t), twoFactor: 'mail' });
  const onHold = await addUser(t, { company: await addCompany(t, { status: 'on_hold' }) });
  const invited = await addUser(t, { company: await addCompany(t), status: 'invited' });
  emails = ['owner@demo.test', 'admin@stafflane.test', twoFactor.email, onHold.email, invited.email];
});
afterAll(async () => t.close());

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('\u0000', '', ' ', 'a'.repeat(2000), '%00@example.test', 'o\u0000@demo.test'),
);
const anyField = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));

const plausible = fc.record(
  {
    email: fc.oneof(
      fc.emailAddress(),
      fc.constantFrom('owner@demo.test', 'OWNER@DEMO.TEST', ' admin@stafflane.test '),
      fc.nat({ max: 4 }).map((i) => `idx:${i}`),
    ),
    password: fc.oneof(fc.string({ minLength: 5, maxLength: 40, unit: 'binary' }), fc.constantFrom('demo-password', FIXTURE_PASSWORD)),
    two_factor_secret: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.stringMatching(/^\d{6}$/)), { nil: null }),
  },
  { requiredKeys: ['email', 'password'] },
);
const shaped = fc.record({ email: anyField, password: anyField, two_factor_secret: anyField }, { requiredKeys: [] });
const body = fc.oneof(plausible, shaped, fc.anything({ maxDepth: 2 }));

describe('POST /api/login under fuzzing', () => {
  it('never answers 5xx, and refuses only with a contract outcome or a client error', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (value, asJson) => {
        const resolved =
          value && typeof value === 'object' && 'email' in value && typeof value.email === 'string' && value.email.startsWith('idx:')
            ? { ...value, email: emails[Number(value.email.slice(4))] }
            : value;
        const payload = asJson ? (JSON.stringify(resolved) ?? 'null') : String(JSON.stringify(resolved)).slice(1);
        const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const answer = res.json();
        seen.add(res.statusCode === 401 ? answer.status : String(res.statusCode));
        if (res.statusCode === 200) expect(answer.auth_token).toEqual(expect.any(String));
        else if (res.statusCode === 401) expect(LOGIN_FAILURE_STATUSES).toContain(answer.status);
        else expect([400, 415, 422]).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
    // The runs reached past validation into the sign-in rules, not only the schema.
    expect(seen).toContain('422');
    expect([...seen].some((s) => LOGIN_FAILURE_STATUSES.includes(s as never))).toBe(true);
  });
});
