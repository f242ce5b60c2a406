// The directory's writes and filters with bodies and queries of any shape (fast-check): never
// a 5xx, whatever the owner sends to add, change, bulk-change, terminate or list people.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployee, addTag, addTerminationReason } from '../../support/people-fixtures';
import { addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { withIds } from '../../support/fuzz-ids';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let owner: Person;
let known: string[];

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  const other = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  const person = await addEmployee(t, company, { firstName: 'Fuzz', surname: 'Target', department: 'Office' });
  const outsider = await addEmployee(t, other, { firstName: 'Out', surname: 'Sider' });
  known = [
    person.id,
    outsider.id,
    owner.id,
    company.departments.Office ?? '',
    await addTag(t, company.companyId!, 'Fuzzy'),
    await addTerminationReason(t, company.companyId!),
    company.roles.get('Manager') ?? '',
    crypto.randomUUID(),
  ];
});
afterAll(async () => t.close());

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('\u0000', '', ' ', 'a'.repeat(3000), '2026-02-30', '0001-01-01', '9999-12-31', '=1+1', '%_\\', 'x@y.z', 'ID'),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
const KEYS = [
  'first_name',
  'middle_names',
  'surname',
  'email',
  'mobile',
  'department_id',
  'location_id',
  'role_id',
  'authorised_contact',
  'job_title',
  'start_date',
  'send_invitation',
  'user_id',
  'termination_date',
  'termination_reason_id',
  'notes',
  'user_ids',
  'tag_ids',
] as const;
const fields = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 });
const bulkBody = fc.record({
  action: fc.oneof(fc.constantFrom('add_tags', 'remove_tags', 'set_department', 'invite'), scalar),
  data: fc.oneof(fields, value),
});
const body = fc.oneof(fields, bulkBody, fc.anything({ maxDepth: 2 }));

const ROUTES = [
  { method: 'POST', url: () => '/api/user-basic' },
  { method: 'POST', url: () => '/api/user-basic/validate' },
  { method: 'PUT', url: (pick: number) => `/api/user-basic/${known[pick % known.length]}` },
  { method: 'POST', url: () => '/api/user-basic/bulk' },
  { method: 'POST', url: () => '/api/user-terminate' },
  { method: 'POST', url: () => '/api/user-cancel-termination' },
] as const;

describe('the directory under fuzzing', () => {
  it('never answers 5xx to any body on any write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), body, fc.nat(), async (route, raw, pick) => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url(pick),
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(withIds(raw, pick, known)) ?? 'null',
        });
        expect(res.statusCode, `${route.method} ${route.url(pick)} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it('never answers 5xx to any query of the list and the export', async () => {
    const queryKey = fc.constantFrom(
      'search',
      'status',
      'status[]',
      'department_id[]',
      'location_id',
      'tag_ids[]',
      'sort',
      'offset',
      'limit',
      'format',
      'company_id',
    );
    const query = fc.array(fc.tuple(queryKey, fc.oneof(fc.string(), fc.constantFrom('ID', 'active', 'name', '-1', '1e99', 'xlsx'))), {
      maxLength: 5,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/user-basic', '/api/user-export', '/api/user-meet-the-team'),
        query,
        fc.nat(),
        async (path, pairs, pick) => {
          const text = pairs.map(([k, v], i) => `${k}=${encodeURIComponent(String(withIds(v, pick + i, known)))}`).join('&');
          const res = await t.app.inject({ method: 'GET', url: `${path}?${text}`, headers: owner.headers });
          expect(res.statusCode, `${path}?${text} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });
});
