// Overtime and payroll writes with bodies and queries of any shape (fast-check): never a 5xx,
// whatever a person sends to report, decide, list, or change the overtime and payroll settings.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOvertimeCompany, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let c: OvertimeCompany;
let known: string[];

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  c = await addOvertimeCompany(t);
  const other = await addOvertimeCompany(t, { name: 'Fuzz Other' });
  known = [
    c.people.employee.id,
    other.people.employee.id,
    c.rates.double,
    other.rates.double,
    c.payRateTypes.standard,
    crypto.randomUUID(),
  ];
});
afterAll(async () => t.close());

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '\u0000',
    '',
    ' ',
    'a'.repeat(3000),
    '2026-02-30',
    '0001-01-01',
    '9999-12-31',
    '24:00',
    '23:59',
    '=1+1',
    'paid',
    'toil',
    'weekly',
    'x@y.z',
  ),
);
const idOrScalar = () => fc.oneof(scalar, fc.constantFrom(...known));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
const body = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), fc.oneof(value, idOrScalar()), { maxKeys: keys.length });

async function noFiveHundred(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await c.token('manager')}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
}

describe('fuzzed overtime and payroll calls', () => {
  it('reports, decisions and lists never answer 5xx', async () => {
    const report = await c.reported('employee', { hours: 1 });
    await fc.assert(
      fc.asyncProperty(
        body(['user_id', 'date', 'start_time', 'end_time', 'hours', 'reason', 'compensation', 'overtime_rate_id']),
        (payload) => noFiveHundred('POST', '/api/user-overtime', payload),
      ),
      { numRuns: 50 },
    );
    await fc.assert(
      fc.asyncProperty(body(['reason', 'note']), fc.constantFrom('approve', 'decline', 'cancel'), (payload, action) =>
        noFiveHundred('POST', `/api/user-overtime/${report.id}/${action}`, payload),
      ),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(body(['view', 'status', 'user_id', 'compensation', 'from', 'to', 'offset', 'limit']), (query) => {
        const search = new URLSearchParams(
          Object.entries(query).map(([key, v]) => [key, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
        ).toString();
        return noFiveHundred('GET', `/api/user-overtime?${search}`);
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('settings and payroll calls never answer 5xx', async () => {
    const owner = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await c.send('owner', method, url, payload as object | undefined);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    };
    const rates = fc.array(body(['pay_rate_type_id', 'multiplier', 'element_code']), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.record({ toil_expiry_months: value, rates: fc.oneof(rates, value) }, { requiredKeys: [] }), (payload) =>
        owner('PUT', '/api/overtime-settings', payload),
      ),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(body(['frequency', 'first_period_start', 'payroll_contact_email']), (payload) =>
        owner('PUT', '/api/payroll-settings', payload),
      ),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('2026-01-01', '2026-02-30', '9999-12-31')),
        body(['layout']),
        (start, payload) => owner('POST', `/api/payroll-period/${encodeURIComponent(start)}/send`, payload),
      ),
      { numRuns: 20 },
    );
  }, 60_000);
});
