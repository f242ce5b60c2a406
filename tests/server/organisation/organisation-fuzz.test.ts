// Bodies of any shape (fast-check) to every organisation create, update and validate, and to
// company settings: never a 5xx, and a refusal is a client error.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: Person;
let companyId: string;
const ids = new Map<string, string>();

const RESOURCES: Record<string, object> = {
  'company-location': { name: 'Base', postcode: 'SW1A 1AA' },
  departments: { name: 'Base' },
  'company-position': { name: 'Base' },
  'contract-type': { name: 'Base' },
  'termination-reason': { name: 'Base' },
  'user-tags': { name: 'Base', colour: 'red' },
  'working-pattern-templates': { name: 'Base', mon_hours: 8 },
  'company-pay-rate-type': { name: 'Base', unit: 'day' },
  'custom-form-fields': { label: 'Base', field_type: 'select', options: ['A'] },
  'terms-and-conditions': { title: 'Base', body: 'Text' },
  'company-notes': { body: 'Base' },
};

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const company = await addShellCompany(t);
  companyId = company.companyId ?? '';
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  for (const [resource, body] of Object.entries(RESOURCES)) {
    const res = await t.app.inject({ method: 'POST', url: `/api/${resource}`, headers: owner.headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    ids.set(resource, res.json<{ id: string }>().id);
  }
});
afterAll(async () => t.close());

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '\u0000',
    '',
    ' ',
    'a'.repeat(30_000),
    'Base',
    'base',
    'select',
    'SW1A 1AA',
    '12345',
    'red',
    'hour',
    7.25,
    1e300,
    -1,
    2 ** 31,
  ),
);
const anyField = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
const FIELDS = [
  'name',
  'label',
  'title',
  'body',
  'postcode',
  'address_line1',
  'town',
  'bank_holiday_region',
  'colour',
  'unit',
  'mon_hours',
  'sun_hours',
  'field_type',
  'options',
  'required',
  'position',
  'publish',
  'company_id',
  'id',
  'user_id',
  'department_id',
  'number',
  'sector_name',
  'rota_enabled',
];
const shaped = fc.dictionary(fc.constantFrom(...FIELDS), anyField, { maxKeys: 8 });
const body = fc.oneof(shaped, fc.anything({ maxDepth: 2 }));
/** A valid body with one field changed: reaches the queries far more often than random shapes. */
const tweak = fc.option(fc.tuple(fc.constantFrom(...FIELDS), anyField), { nil: undefined });

describe('organisation writes under fuzzing', () => {
  it('never answer 5xx', async () => {
    const targets = [...Object.keys(RESOURCES), 'user-managed-department'];
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.constantFrom('create', 'update', 'validate', 'settings'),
        body,
        tweak,
        async (resource, kind, random, change) => {
          const value = change ? { ...RESOURCES[resource], name: `N${Math.random()}`, [change[0]]: change[1] } : random;
          const id = ids.get(resource) ?? `${owner.id}_${owner.id}`;
          const [method, url] =
            kind === 'create'
              ? (['POST', `/api/${resource}`] as const)
              : kind === 'update'
                ? (['PUT', `/api/${resource}/${id}`] as const)
                : kind === 'validate'
                  ? (['POST', `/api/${resource}/validate`] as const)
                  : (['PUT', `/api/company-settings/${companyId}`] as const);
          const res = await t.app.inject({
            method,
            url,
            headers: { ...owner.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(value) ?? 'null',
          });
          expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(500);
          statuses.add(res.statusCode);
        },
      ),
      { numRuns: 400 },
    );
    // The runs reached past validation, not only the schema.
    expect(statuses).toContain(422);
    expect([...statuses].some((status) => status < 300)).toBe(true);
  });
});
