// Orders: an owner orders seats or a product for their own company only; an administrator
// confirms (the seats and products change) or declines with a reason; the owners are told in
// the bell and by e-mail; a confirmed order has a PDF invoice. Another company's owner sees
// none of it. Then fuzzing: no body or query makes any of these calls answer 5xx.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../src/modules/companies/companies.contract';
import type { Order, OrdersPage } from '../../../src/modules/companies/orders.contract';
import { notificationTarget, type NotificationsPage } from '../../../src/shared/notifications.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { companyWithOwner } from '../../support/companies-fixtures';
import { addRole, addUser, bearer, ownerSql, signIn } from '../../support/identity-fixtures';
import { deliveredMail, startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let sink: SmtpSink;
let adminToken: string;
let a: { company: CompanyRow; ownerEmail: string; ownerToken: string };
let b: { company: CompanyRow; ownerEmail: string; ownerToken: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    realAuth: true,
    env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://app.example.test', RATE_LIMIT_MAX: '1000000' },
  });
  const admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  adminToken = await signIn(t, admin);
  a = await companyWithOwner(t, sink, adminToken, 'OA');
  b = await companyWithOwner(t, sink, adminToken, 'OB');
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('ordering', () => {
  it('confirmed seats and products change the company; the owner is told in the bell and by e-mail; the invoice is a PDF', async () => {
    const seats = await call(a.ownerToken, 'POST', '/api/orders', { kind: 'seats', seats: 10, note: 'New shop' });
    expect(seats.statusCode, seats.body).toBe(201);
    const seatOrder = seats.json<Order>();
    expect(seatOrder).toMatchObject({ status: 'pending', seats: 10, amount_pence: 10 * (450 + 350), company_id: a.company.id });
    const product = await call(a.ownerToken, 'POST', '/api/orders', { kind: 'product', product: 'documents' });
    expect(product.statusCode, product.body).toBe(201);
    expect((await call(a.ownerToken, 'POST', '/api/orders', { kind: 'product', product: 'hr' })).statusCode).toBe(422);

    const queue = await call(adminToken, 'GET', '/api/company-orders?status=pending&limit=500');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<{ results: Order[] }>().results.map((order) => order.id)).toEqual(
      expect.arrayContaining([seatOrder.id, product.json<Order>().id]),
    );
    expect((await call(adminToken, 'PUT', `/api/company-orders/${seatOrder.id}`, { decision: 'confirm' })).json()).toMatchObject({
      status: 'confirmed',
    });
    expect((await call(adminToken, 'PUT', `/api/company-orders/${seatOrder.id}`, { decision: 'confirm' })).statusCode).toBe(409);
    expect((await call(adminToken, 'PUT', `/api/company-orders/${product.json<Order>().id}`, { decision: 'confirm' })).statusCode).toBe(
      200,
    );

    const page = (await call(a.ownerToken, 'GET', '/api/orders')).json<OrdersPage>();
    expect(page.plan).toMatchObject({ seats: 15, products: ['hr', 'hs', 'documents'] });
    expect(page.orders.results.map((order) => order.status)).toEqual(['confirmed', 'confirmed']);

    const bell = await ownerSql<{ description: string }>(
      t,
      sql`select n.description from notifications n join users u on u.id = n.user_id where u.email = ${a.ownerEmail} order by n.created_at`,
    );
    expect(bell.map((row) => row.description).join(' ')).toContain('10 more seats');
    const mails = await deliveredMail(t.deps.mail, sink, a.ownerEmail);
    expect(mails.some((mail) => mail.subject === 'Your Stafflane order is confirmed' && mail.text.includes('bank transfer'))).toBe(true);

    const invoice = await call(a.ownerToken, 'GET', `/api/orders/${seatOrder.id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('application/pdf');
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a declined order needs its reason, changes nothing, and has no invoice', async () => {
    const placed = (await call(a.ownerToken, 'POST', '/api/orders', { kind: 'seats', seats: 500 })).json<Order>();
    expect((await call(adminToken, 'PUT', `/api/company-orders/${placed.id}`, { decision: 'decline' })).statusCode).toBe(422);
    const declined = await call(adminToken, 'PUT', `/api/company-orders/${placed.id}`, {
      decision: 'decline',
      reason: 'Typo? Please order again.',
    });
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'Typo? Please order again.' });
    expect((await call(a.ownerToken, 'GET', '/api/orders')).json<OrdersPage>().plan.seats).toBe(15);
    expect((await call(a.ownerToken, 'GET', `/api/orders/${placed.id}/invoice`)).statusCode).toBe(409);
  });
});

describe("the administrators' to-dos", () => {
  it('a new order gives each active administrator one to-do linking to the queue, and its decision resolves them all', async () => {
    const second = await addUser(t, {
      company: null,
      roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }),
    });
    const secondToken = await signIn(t, second);
    const todosOf = async (token: string, orderId: string) =>
      (await call(token, 'GET', '/api/notifications?limit=100'))
        .json<NotificationsPage>()
        .results.filter((n) => n.relates_to === 'company_order' && n.relates_to_id === orderId);

    const placed = (await call(a.ownerToken, 'POST', '/api/orders', { kind: 'seats', seats: 2 })).json<Order>();
    for (const token of [adminToken, secondToken]) {
      const todos = await todosOf(token, placed.id);
      expect(todos).toHaveLength(1);
      expect(todos[0]).toMatchObject({ todo: true, is_new: true });
      expect(todos[0]?.description).toContain('2 more seats');
      expect(notificationTarget(todos[0]!.relates_to, todos[0]!.relates_to_id)).toBe('/admin/orders');
    }
    // The company's own people get no administrators' to-do.
    expect(await todosOf(a.ownerToken, placed.id)).toEqual([]);

    // One administrator confirms: both to-dos end.
    expect((await call(secondToken, 'PUT', `/api/company-orders/${placed.id}`, { decision: 'confirm' })).statusCode).toBe(200);
    for (const token of [adminToken, secondToken]) {
      expect(await todosOf(token, placed.id)).toEqual([expect.objectContaining({ todo: false, is_new: false })]);
    }

    // A declined order's to-dos end too; another order's stay open.
    const declined = (await call(a.ownerToken, 'POST', '/api/orders', { kind: 'seats', seats: 3 })).json<Order>();
    const waiting = (await call(a.ownerToken, 'POST', '/api/orders', { kind: 'seats', seats: 4 })).json<Order>();
    expect(
      (await call(adminToken, 'PUT', `/api/company-orders/${declined.id}`, { decision: 'decline', reason: 'Ordered twice' })).statusCode,
    ).toBe(200);
    expect((await todosOf(secondToken, declined.id)).map((n) => n.todo)).toEqual([false]);
    expect((await todosOf(secondToken, waiting.id)).map((n) => n.todo)).toEqual([true]);
    await call(adminToken, 'PUT', `/api/company-orders/${waiting.id}`, { decision: 'decline', reason: 'Tidy up' });
  });
});

describe('across companies', () => {
  it("an owner neither sees nor downloads another company's orders, and orders only for their own", async () => {
    const placed = (await call(a.ownerToken, 'POST', '/api/orders', { kind: 'seats', seats: 1 })).json<Order>();
    await call(adminToken, 'PUT', `/api/company-orders/${placed.id}`, { decision: 'confirm' });
    const theirs = await call(b.ownerToken, 'GET', '/api/orders?limit=500');
    expect(theirs.body).not.toContain(a.company.id);
    expect(theirs.body).not.toContain(placed.id);
    expect((await call(b.ownerToken, 'GET', `/api/orders/${placed.id}/invoice`)).statusCode).toBe(404);
    const sneaky = await call(b.ownerToken, 'POST', '/api/orders', { kind: 'seats', seats: 3, company_id: a.company.id });
    expect(sneaky.statusCode).toBe(201);
    expect(sneaky.json<Order>().company_id).toBe(b.company.id);
    // Owners cannot decide orders, their own or another's.
    expect((await call(b.ownerToken, 'PUT', `/api/company-orders/${sneaky.json<Order>().id}`, { decision: 'confirm' })).statusCode).toBe(
      403,
    );
  });
});

describe('under fuzzing', () => {
  const scalar = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      '',
      ' ',
      'a'.repeat(3000),
      'hr',
      'hs',
      'documents',
      'seats',
      'product',
      'on_hold',
      'disabled',
      'active',
      'confirm',
      'decline',
      'ID',
    ),
  );
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
  const KEYS = [
    'kind',
    'seats',
    'product',
    'products',
    'note',
    'decision',
    'reason',
    'status',
    'name',
    'number',
    'sector_name',
    'address',
    'owner',
  ];
  const body = fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 }), fc.anything({ maxDepth: 2 }));
  const ids = () => [a.company.id, b.company.id, crypto.randomUUID(), 'not-a-uuid'];
  const ROUTES = [
    { method: 'POST', url: () => '/api/companies' },
    { method: 'PUT', url: (pick: number) => `/api/companies/${ids()[pick % 4]}` },
    { method: 'POST', url: () => '/api/orders' },
    { method: 'PUT', url: (pick: number) => `/api/company-orders/${ids()[pick % 4]}` },
    { method: 'PUT', url: (pick: number) => `/api/user-access/${ids()[pick % 4]}` },
    { method: 'POST', url: () => '/api/administrators' },
    { method: 'DELETE', url: (pick: number) => `/api/administrators/${ids()[pick % 4]}` },
  ] as const;
  const withIds = (input: unknown, pick: number): unknown => {
    if (input === 'ID') return ids()[pick % 4];
    if (Array.isArray(input)) return input.map((item, i) => withIds(item, pick + i));
    if (input && typeof input === 'object') return Object.fromEntries(Object.entries(input).map(([k, v], i) => [k, withIds(v, pick + i)]));
    return input;
  };

  it('no body on any write answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.constantFrom('admin', 'owner'), body, fc.nat(), async (route, who, raw, pick) => {
        const token = who === 'admin' ? adminToken : a.ownerToken;
        const res = await t.app.inject({
          method: route.method,
          url: route.url(pick),
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(withIds(raw, pick)) ?? 'null',
        });
        expect(res.statusCode, `${who} ${route.method} ${route.url(pick)} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });

  it('no query of the lists answers 5xx', async () => {
    const key = fc.constantFrom(
      'search',
      'status',
      'product',
      'sector',
      'sort',
      'offset',
      'limit',
      'page',
      'status[]',
      'product[]',
      'kind',
      'from',
      'to',
      'company_id',
      'format',
    );
    const query = fc.array(
      fc.tuple(
        key,
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            'on_hold',
            'hr,hs',
            '-name',
            'last_active',
            '-1',
            '%_\\',
            "' OR 1=1",
            'csv',
            'status',
            '2026-02-30',
            '2026-01-01',
          ),
        ),
      ),
      {
        maxLength: 4,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/companies', '/api/company-orders', '/api/orders', '/api/platform-audit', '/api/administrators'),
        query,
        async (path, pairs) => {
          const search = new URLSearchParams(pairs).toString();
          const token = path === '/api/orders' ? a.ownerToken : adminToken;
          const res = await t.app.inject({ method: 'GET', url: `${path}?${search}`, headers: bearer(token) });
          expect(res.statusCode, `${path}?${search} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
