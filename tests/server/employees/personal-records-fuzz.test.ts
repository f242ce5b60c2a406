// Every write and validate route of records part A under bodies of any shape (fast-check):
// never a 5xx; what is refused is refused as a client error, and the runs reach past the
// schema into real writes.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../../support/identity-fixtures';
import { addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: Person;
let employee: Person;
let fieldId: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const company = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into custom_form_fields (company_id, label, field_type, options) values (${company.companyId}, 'Size', 'select', '{S,M}') returning id`,
  );
  fieldId = row!.id;
});
afterAll(async () => t.close());

const scalar = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '\u0000', 'x'.repeat(6000), 'QQ 12 34 56 C', 'AB123456C', 'SW1A 1AA', '12-34-56', '1990-01-01', 'general'),
);
const anyValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));

const fieldsOf = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: keys.length }).map((body) => body as Record<string, unknown>);

const personalKeys = [
  'date_of_birth',
  'gender',
  'nationality',
  'ethnicity',
  'ni_number',
  'health_notes',
  'bank_sort_code',
  'bank_account_number',
];
const contactKeys = ['address_line1', 'town', 'postcode', 'home_phone', 'work_extension', 'personal_email'];
const kinKeys = ['user_id', 'name', 'relationship', 'phone', 'email', 'address'];
const noteKeys = ['user_id', 'type', 'body'];

type Target = { method: 'PUT' | 'POST'; url: () => string; body: () => fc.Arbitrary<unknown> };
const targets: Target[] = [
  { method: 'PUT', url: () => `/api/user-personal-details/${employee.id}`, body: () => fieldsOf(personalKeys) },
  { method: 'POST', url: () => '/api/user-personal-details/validate', body: () => fieldsOf(personalKeys) },
  { method: 'PUT', url: () => `/api/user-contact-details/${employee.id}`, body: () => fieldsOf(contactKeys) },
  { method: 'POST', url: () => '/api/user-contact-details/validate', body: () => fieldsOf(contactKeys) },
  { method: 'PUT', url: () => `/api/user-about-me/${employee.id}`, body: () => fieldsOf(['about', 'interests']) },
  { method: 'POST', url: () => '/api/user-next-of-kin', body: () => fieldsOf(kinKeys).map((b) => ({ user_id: employee.id, ...b })) },
  { method: 'POST', url: () => '/api/user-notes', body: () => fieldsOf(noteKeys).map((b) => ({ user_id: employee.id, ...b })) },
  {
    method: 'PUT',
    url: () => `/api/user-custom-fields/${employee.id}`,
    body: () =>
      fc.oneof(
        fc.record({
          values: fc.dictionary(fc.constantFrom(fieldId, 'x', crypto.randomUUID()), fc.oneof(anyValue, fc.constantFrom('S', 'M'))),
        }),
        fc.anything({ maxDepth: 2 }),
      ),
  },
];

describe('records part A under fuzzing', () => {
  it('never answers 5xx to the owner or the person, and accepts some bodies', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: targets.length - 1 }),
        fc.boolean(),
        fc.oneof(fc.constant(undefined), fc.anything({ maxDepth: 2 })),
        fc.nat({ max: 1000 }),
        async (index, asOwner, raw, seed) => {
          const target = targets[index]!;
          const body = raw !== undefined && seed % 4 === 0 ? raw : fc.sample(target.body(), { numRuns: 1, seed })[0];
          const res = await t.app.inject({
            method: target.method,
            url: target.url(),
            headers: { ...(asOwner ? owner : employee).headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode, `${target.method} ${target.url()} ${res.body}`).toBeLessThan(500);
          statuses.add(res.statusCode);
        },
      ),
      { numRuns: 400 },
    );
    expect(statuses).toContain(422);
    expect([...statuses].some((status) => status === 200 || status === 201)).toBe(true);
  });
});
