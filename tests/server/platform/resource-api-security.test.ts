// The resource API's guarantees: who may call which route, tenant isolation over HTTP and
// in the database itself, and fuzzed bodies and queries that never produce a 5xx.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../src/server/plugins/request-context';
import { testSession, type TestApp } from '../../support/test-app';
import { WIDGET_STATUSES, type Widget } from '../../support/widgets.contract';
import { findWidgetsForgettingTheCompany, insertWidgetIntoAnotherCompany } from '../../support/widgets.queries';
import { createWidgetsTestApp, grantWidgets, widgetsClient, widgetsMember, type ApiRequest } from '../../support/widgets-api';

let t: TestApp;
beforeAll(async () => {
  t = await createWidgetsTestApp();
});
afterAll(async () => t?.close());

const as = (session: Session | null) => widgetsClient(t.app, session);

describe('access', () => {
  const id = randomUUID();
  const routes: ApiRequest[] = [
    { method: 'GET', url: '/api/widgets' },
    { method: 'GET', url: `/api/widgets/${id}` },
    { method: 'POST', url: '/api/widgets', payload: { name: 'x', status: 'draft' } },
    { method: 'PUT', url: `/api/widgets/${id}`, payload: { name: 'x', status: 'draft' } },
    { method: 'DELETE', url: `/api/widgets/${id}` },
    { method: 'POST', url: '/api/widgets/bulk', payload: { action: 'archive', data: { ids: [id] } } },
    { method: 'POST', url: '/api/widgets/validate', payload: { name: 'x', status: 'draft' } },
    { method: 'GET', url: '/api/widgets/permitted-users' },
    { method: 'GET', url: '/api/widgets/permitted-roles' },
  ];

  it('answers every route 401 without a session', async () => {
    for (const route of routes) {
      const res = await as(null).send(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers every route 403 without the permission', async () => {
    const nobody = testSession({ permissions: [{ endpoint: '/api/other', method: 'GET', type: 'global' }] });
    for (const route of routes) {
      const res = await as(nobody).send(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: 'You are not allowed to view this content.' });
    }
  });

  it('lets a read-only user read and nothing else', async () => {
    const reader = widgetsMember(randomUUID(), grantWidgets(['GET']));
    const statuses = await Promise.all(
      routes.map((route) =>
        as(reader)
          .send(route)
          .then((r) => r.statusCode),
      ),
    );
    expect(statuses).toEqual([200, 404, 403, 403, 403, 403, 403, 200, 200]);
  });
});

describe('tenant isolation', () => {
  const mine = widgetsMember(randomUUID());
  const theirs = widgetsMember(randomUUID());
  let their: Widget;
  beforeAll(async () => {
    await as(mine).create({ name: 'Mine' });
    their = await as(theirs).create({ name: 'Theirs', status: 'active' });
  });

  it("never lists another company's records", async () => {
    const page = await as(mine).list('?limit=500');
    expect(page.results.map((w) => w.name)).toEqual(['Mine']);
    expect(page.count).toBe(1);
  });

  it("answers 404 on get, update and delete of another company's record, and leaves it alone", async () => {
    expect((await as(mine).get(`/api/widgets/${their.id}`)).statusCode).toBe(404);
    expect((await as(mine).put(`/api/widgets/${their.id}`, { name: 'Hijacked', status: 'draft' })).statusCode).toBe(404);
    expect((await as(mine).delete(`/api/widgets/${their.id}`)).statusCode).toBe(404);
    expect((await as(theirs).get(`/api/widgets/${their.id}`)).json()).toEqual(their);
  });

  it('holds in the database even when a query forgets to filter by company', async () => {
    const asMine = await findWidgetsForgettingTheCompany(t.database.db, { tenantCompanyId: mine.companyId });
    expect(asMine.length).toBeGreaterThan(0);
    expect(asMine.every((w) => w.company_id === mine.companyId)).toBe(true);
    // No tenant set at all: the application role sees nothing.
    expect(await findWidgetsForgettingTheCompany(t.database.db, { tenantCompanyId: null })).toEqual([]);
    // The rows exist: the owner connection (which bypasses the policy) sees both companies.
    const all = await findWidgetsForgettingTheCompany(t.database.ownerDb, { tenantCompanyId: null });
    expect(all.some((w) => w.id === their.id)).toBe(true);
  });

  it("refuses to write a row into another company's space", async () => {
    await expect(
      insertWidgetIntoAnotherCompany(t.database.db, { tenantCompanyId: mine.companyId!, rowCompanyId: theirs.companyId! }),
    ).rejects.toThrow(/row-level security/);
  });
});

describe('fuzzing', () => {
  const fuzzer = widgetsMember(randomUUID());
  let target: Widget;
  beforeAll(async () => {
    target = await as(fuzzer).create({ name: 'Target' });
  });

  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('', ' ', '\u0000', 'a\u0000b', 'null', "'; drop table widgets; --", '%', '_', 'x'.repeat(5000)),
  );
  const json = fc.jsonValue({ maxDepth: 3 });
  const field = fc.oneof(text, json);
  // Mostly well-formed, so that odd values get past the schema's other checks and reach the database.
  const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: field });
  const ids = fc.array(fc.oneof({ weight: 4, arbitrary: fc.uuid() }, { weight: 1, arbitrary: text }), { maxLength: 120 });
  const widgetish = fc.record(
    {
      id: fc.oneof(fc.uuid(), fc.constant(null), field),
      name: mostly(text),
      status: mostly(fc.constantFrom(...WIDGET_STATUSES)),
      tags: mostly(fc.array(text, { maxLength: 12 })),
      details: mostly(
        fc.option(
          fc.record({
            colour: mostly(fc.constantFrom('red', 'green', 'blue')),
            size: mostly(fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double())),
          }),
        ),
      ),
    },
    { requiredKeys: [] },
  );
  const bulkish = fc.record(
    {
      action: mostly(fc.constantFrom('archive', 'set_status')),
      data: mostly(fc.record({ ids: mostly(ids), status: mostly(fc.constantFrom(...WIDGET_STATUSES)) }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  );

  const sendJson = (request: ApiRequest) =>
    as(fuzzer).send({ ...request, payload: JSON.stringify(request.payload), headers: { 'content-type': 'application/json' } });

  it.each([
    ['POST', '/api/widgets', fc.oneof(widgetish, json)],
    ['PUT', 'target', fc.oneof(widgetish, json)],
    ['POST', '/api/widgets/validate', fc.oneof(widgetish, json)],
    ['POST', '/api/widgets/bulk', fc.oneof(bulkish, json)],
  ] as const)('never answers %s %s with a 5xx', async (method, path, arbitrary) => {
    await fc.assert(
      fc.asyncProperty(arbitrary as fc.Arbitrary<unknown>, async (body) => {
        const res = await sendJson({ method, url: path === 'target' ? `/api/widgets/${target.id}` : path, payload: body });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('never answers a list query with a 5xx', async () => {
    const key = fc.oneof(
      fc.constantFrom('status', 'status[]', 'status[0]', 'tags[]', 'tags', 'q', 'offset', 'limit', 'page', 'status[x]', 'q[]'),
      fc.string({ maxLength: 8 }),
    );
    const value = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 20 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom('-1', '1e9', '99999999999999999999', 'draft'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 6 }), async (pairs) => {
        const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        const res = await as(fuzzer).get(`/api/widgets?${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
