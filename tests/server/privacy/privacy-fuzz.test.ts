// The data-protection writes and reads with bodies and queries of any shape (fast-check):
// never a 5xx, whoever sends them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, bearer, signIn } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { withIds } from '../../support/fuzz-ids';
import { createTestApp, type TestApp } from '../../support/test-app';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { RECORD_KIND_KEYS } from '../../../src/shared/record-kinds';

let t: TestApp;
let acme: LeaveCompany;
let known: string[];
let headers: Record<string, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
  const other = await addLeaveCompany(t, { assignPolicy: false });
  const admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  known = [acme.people.employee.id, acme.people.owner.id, other.people.employee.id, acme.companyId, crypto.randomUUID()];
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
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', 'ID', '2026-02-30', '2026-01-01', 'a'.repeat(3000), ...RECORD_KIND_KEYS, '__proto__', 'constructor'),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.oneof(fc.constantFrom(...RECORD_KIND_KEYS, '__proto__'), fc.string({ maxLength: 5 })), scalar, { maxKeys: 4 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom('userId', 'selfExportAllowed', 'retention'), value, { maxKeys: 3 }),
  fc.anything({ maxDepth: 2 }),
);

const ROUTES = [
  { method: 'POST', url: () => '/api/personal-data-exports' },
  { method: 'PUT', url: () => '/api/data-protection/settings' },
] as const;

describe('data protection under fuzzing', () => {
  it('never answers 5xx to any body on any write', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('owner', 'manager', 'employee', 'admin'),
        body,
        fc.nat(),
        async (route, who, raw, pick) => {
          const res = await t.app.inject({
            method: route.method,
            url: route.url(),
            headers: { ...headers[who], 'content-type': 'application/json' },
            payload: JSON.stringify(withIds(raw, pick, known)) ?? 'null',
          });
          expect(res.statusCode, `${who} ${route.method} ${route.url()} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('never answers 5xx to any query or id of the reads', async () => {
    const key = fc.constantFrom('userId', 'from', 'to', 'userId[]');
    const query = fc.array(fc.tuple(key, fc.oneof(fc.string(), fc.constantFrom('2026-01-01', '2026-13-01', '2027-01-01', 'ID'))), {
      maxLength: 3,
    });
    const path = fc.oneof(
      fc.constantFrom(
        '/api/personal-data-exports',
        '/api/data-protection/register',
        '/api/data-protection/register.csv',
        '/api/data-protection/retention-preview',
        '/api/data-protection/settings',
      ),
      fc
        .tuple(fc.oneof(fc.string(), fc.constantFrom('ID', '..', '%00')), fc.constantFrom('', '/download'))
        .map(([id, tail]) => `/api/personal-data-exports/${encodeURIComponent(id)}${tail}`),
    );
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom('owner', 'employee', 'admin'), query, fc.nat(), async (url, who, pairs, pick) => {
        const search = new URLSearchParams(pairs.map(([k, v]) => [k, String(withIds(v, pick, known))])).toString();
        const res = await t.app.inject({
          method: 'GET',
          url: `${url.replace('ID', known[pick % known.length]!)}?${search}`,
          headers: headers[who],
        });
        expect(res.statusCode, `${who} ${url}?${search} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});
