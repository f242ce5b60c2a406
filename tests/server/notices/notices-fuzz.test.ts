// The noticeboard's and the articles' writes and lists with bodies and queries of any shape
// (fast-check): never a 5xx, whoever sends them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, addRole, bearer, signIn } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { addNotice } from '../../support/notices-fixtures';
import { withIds } from '../../support/fuzz-ids';
import { createTestApp, type TestApp } from '../../support/test-app';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';

let t: TestApp;
let acme: LeaveCompany;
let known: string[];
let headers: Record<string, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
  const other = await addLeaveCompany(t, { assignPolicy: false });
  const notice = await addNotice(t, { company: acme, person: 'owner' }, { acknowledgement_required: true });
  const foreign = await addNotice(t, { company: other, person: 'owner' });
  const admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  known = [notice, foreign, acme.departments.Office!, other.departments.Office!, acme.people.employee.id, crypto.randomUUID()];
  headers = {
    owner: bearer(await acme.token('owner')),
    manager: bearer(await acme.token('manager')),
    employee: bearer(await acme.token('employee')),
    admin: bearer(await signIn(t, admin)),
  };
});
afterAll(async () => t.close());

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    'a'.repeat(3000),
    '2026-02-30',
    '2026-01-01',
    '2026-01-01T10:00:00Z',
    'everyone',
    'departments',
    'locations',
    'hr',
    'published',
    '<script>x</script>',
    'ID',
    '%_\\',
  ),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
const KEYS = [
  'title',
  'body',
  'audience',
  'department_ids',
  'location_ids',
  'publish_at',
  'expires_on',
  'pinned',
  'acknowledgement_required',
  'send_email',
  'summary',
  'category',
  'tags',
  'area',
  'status',
  'published_on',
  'sources',
] as const;
const body = fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 10 }), fc.anything({ maxDepth: 2 }));

const ROUTES = [
  { method: 'POST', url: () => '/api/notices' },
  { method: 'PUT', url: (pick: number) => `/api/notices/${known[pick % known.length]}` },
  { method: 'POST', url: (pick: number) => `/api/notices/${known[pick % known.length]}/acknowledge` },
  { method: 'POST', url: (pick: number) => `/api/notices/${known[pick % known.length]}/read` },
  { method: 'POST', url: () => '/api/article' },
  { method: 'PUT', url: (pick: number) => `/api/article/${known[pick % known.length]}` },
] as const;

describe('notices and articles under fuzzing', () => {
  it('never answer 5xx to any body on any write', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('owner', 'manager', 'employee', 'admin'),
        body,
        fc.nat(),
        async (route, who, raw, pick) => {
          const res = await t.app.inject({
            method: route.method,
            url: route.url(pick),
            headers: { ...headers[who], 'content-type': 'application/json' },
            payload: JSON.stringify(withIds(raw, pick, known)) ?? 'null',
          });
          expect(res.statusCode, `${who} ${route.method} ${route.url(pick)} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never answer 5xx to any query of the lists', async () => {
    const key = fc.constantFrom('search', 'state', 'unread', 'pinned', 'category', 'area', 'tag', 'status', 'offset', 'limit', 'state[]');
    const query = fc.array(
      fc.tuple(key, fc.oneof(fc.string(), fc.constantFrom('current', 'expired', '1', '-1', 'hr', '"a" OR b', '!!', '&|'))),
      {
        maxLength: 4,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/notices', '/api/article'),
        fc.constantFrom('owner', 'employee', 'admin'),
        query,
        async (path, who, pairs) => {
          const search = new URLSearchParams(pairs).toString();
          const res = await t.app.inject({ method: 'GET', url: `${path}?${search}`, headers: headers[who] });
          expect(res.statusCode, `${who} ${path}?${search} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
