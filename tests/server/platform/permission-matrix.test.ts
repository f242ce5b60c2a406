// The permission matrix: every /api route the server has × eight
// callers (anonymous, employee, manager of another department, manager of the department,
// owner, owner of another company, administrator, administrator impersonating an employee).
// The guard's answer is exactly what the route's declared access and the caller's
// permissions say (401 / 403); past the guard the handler may refuse, but never with a 5xx;
// and no record of another company ever appears in a company caller's response. Then the
// administrator's reach: the admin area only, a company's data through an approved grant.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findTokenAccount } from '../../../src/modules/auth/server/auth.queries';
import { signingKeys } from '../../../src/modules/auth/server/authenticator';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { claimsFor, signAccessToken } from '../../../src/modules/auth/server/tokens';
import { withSystem } from '../../../src/server/db/database';
import { notify } from '../../../src/server/notifications/notify';
import type { ApiRoute } from '../../../src/server/plugins/request-context';
import { levelFor, scopeRank, type HttpMethod } from '../../../src/shared/scopes';
import {
  addCompanyWithRoles,
  addRole,
  addUser,
  bearer,
  inCompany,
  ownerSql,
  signIn,
  type CompanyFixture,
  type UserFixture,
} from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

type Actor = { name: string; user: UserFixture | null; impersonatorId?: string; company: 'A' | 'B' | null };

let t: TestApp;
let actors: Actor[];
let employee: UserFixture;
let owner: UserFixture;
let administrator: UserFixture;
let companyA: string;
/** Ids of company B's records: none may reach a caller of company A. */
let foreignIds: string[];
let foreignAccessRequest: string;
let foreignNotification: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const a = await addCompanyWithRoles(t, { departments: ['Operations', 'Office'] });
  const b = await addCompanyWithRoles(t, { departments: ['Operations'] });
  companyA = a.companyId;
  const member = (company: CompanyFixture, role: string, department: string) =>
    addUser(t, { company: inCompany(company, role), departmentId: company.departments[department] ?? null });
  employee = await member(a, 'Employee', 'Operations');
  const manager = await member(a, 'Manager', 'Operations');
  const otherManager = await member(a, 'Manager', 'Office');
  owner = await member(a, 'Owner', 'Office');
  const ownerB = await member(b, 'Owner', 'Operations');
  administrator = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });

  actors = [
    { name: 'anonymous', user: null, company: null },
    { name: 'employee', user: employee, company: 'A' },
    { name: 'manager of another department', user: otherManager, company: 'A' },
    { name: 'manager of the department', user: manager, company: 'A' },
    { name: 'owner', user: owner, company: 'A' },
    { name: 'owner of another company', user: ownerB, company: 'B' },
    { name: 'administrator', user: administrator, company: null },
    { name: 'impersonating administrator', user: employee, impersonatorId: administrator.id, company: 'A' },
  ];

  const [request] = await ownerSql<{ id: string }>(
    t,
    sql`insert into access_requests (company_id, administrator_id, reason, duration_hours) values (${b.companyId}, ${administrator.id}, 'matrix', 1) returning id`,
  );
  foreignAccessRequest = request?.id ?? '';
  foreignNotification = await withSystem(
    t.database.db,
    async (trx) =>
      (
        await notify(trx, {
          companyId: b.companyId,
          userId: ownerB.id,
          description: 'For company B only',
          todo: true,
          kind: 'access-request.decide',
          relatesTo: 'impersonation',
          relatesToId: foreignAccessRequest,
        })
      ).id,
  );
  foreignIds = [b.companyId, ownerB.id, foreignAccessRequest, foreignNotification, ...Object.values(b.departments)];
});
afterAll(async () => t.close());

/** A fresh session per call, so a route that ends sessions (logout) cannot spoil the next call. */
async function headersFor(actor: Actor): Promise<Record<string, string>> {
  if (!actor.user) return {};
  const user = actor.user;
  const sessionId = await createSession(t.database.db, {
    userId: user.id,
    companyId: user.companyId,
    impersonatorId: actor.impersonatorId ?? null,
    maxSeconds: 3600,
  });
  const account = await withSystem(t.database.db, (trx) => findTokenAccount(trx, user.id));
  if (!account) throw new Error('no account');
  const claims = claimsFor({ account, departmentIds: [], sessionId, imp: Boolean(actor.impersonatorId) });
  return { authorization: `Bearer ${await signAccessToken(await signingKeys(t.deps), claims, 900)}` };
}

/** The path with its parameters filled: records of company B where the route names one, else company A's employee. */
function urlOf(route: ApiRoute): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'company_id' || name === 'companyId') return companyA;
    if (name === 'user_id' || name === 'userId') return employee.id;
    if (name === 'name') return 'file.png';
    if (route.url.startsWith('/api/access-requests/')) return foreignAccessRequest;
    if (route.url.startsWith('/api/notifications')) return foreignNotification;
    return employee.id;
  });
}

/** What the guard must answer, or null when the call gets past it. */
function guardStatus(
  route: ApiRoute,
  permissions: { endpoint: string; method: HttpMethod; type: 'own' | 'department' | 'company' | 'global' }[] | null,
): number | null {
  if (route.access === 'public') return null;
  if (permissions === null) return 401;
  if (route.access === 'authenticated') return null;
  const level = levelFor(permissions, route.access.endpoint, route.access.method);
  return level !== null && scopeRank(level) >= scopeRank(route.access.scope ?? 'own') ? null : 403;
}

async function permissionsOf(actor: Actor) {
  if (!actor.user) return null;
  const rows = await ownerSql<{ endpoint: string; method: HttpMethod; type: 'own' | 'department' | 'company' | 'global' }>(
    t,
    sql`select p.endpoint, p.method, p.type from users u join role_permissions p on p.role_id = u.role_id where u.id = ${actor.user.id}`,
  );
  return rows;
}

describe('every route × every caller', () => {
  it('answers as the declared access says, never 5xx, and never shows another company', async () => {
    const routes = t.app.apiRoutes.filter((route) => !route.url.includes('*'));
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    let calls = 0;
    // The callers side by side, each through every route in turn: the app and PostgreSQL overlap
    // (one caller after another took about two minutes on a loaded 2-core machine).
    await Promise.all(
      actors.map(async (actor) => {
        const permissions = await permissionsOf(actor);
        for (const route of routes) {
          const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
          const res = await t.app.inject({
            method,
            url: urlOf(route),
            headers: await headersFor(actor),
            ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
          });
          calls += 1;
          const label = `${actor.name}: ${route.method} ${route.url} → ${res.statusCode}`;
          const expected = guardStatus(route, permissions);
          if (res.statusCode >= 500) problems.push(`${label} (5xx)`);
          else if (expected !== null && res.statusCode !== expected) problems.push(`${label}, expected ${expected}`);
          else if (expected === null && actor.user && res.statusCode === 401) problems.push(`${label}: a live session was refused`);
          if (actor.company === 'A') {
            const leaked = foreignIds.filter((id) => res.body.includes(id));
            if (leaked.length) problems.push(`${label} shows company B's ${leaked.join(', ')}`);
          }
        }
      }),
    );
    expect(problems.sort()).toEqual([]);
    expect(calls).toBe(routes.length * actors.length);
  }, 300_000); // about 60 s on a quiet machine, over 120 s at a load average of 10
});

/** What an administrator (no company) may use: the admin area and their own account. Reviewed, route by route. */
const ADMINISTRATOR_ROUTES = new Set([
  'GET /api/alerts',
  'GET /api/dashboard-alerts',
  'GET /api/access-requests',
  'GET /api/access-requests/:id',
  'GET /api/access-requests/:id/users',
  'GET /api/companies',
  'GET /api/companies/:id',
  // Orders are the platform's own billing records (what a company bought), not a company's people data.
  'GET /api/company-orders',
  // Stafflane's own administrators: no company's data.
  'GET /api/administrators',
  // The platform audit: what administrators and companies did about access, status and orders (names and ids, no records' contents).
  'GET /api/platform-audit',
  'GET /api/contact-us',
  'GET /api/contact-us/administrators',
  'GET /api/contact-us/:id',
  // Live chat: the conversations of the administrator's own support teams only.
  'GET /api/admin-chat/conversations',
  'GET /api/admin-chat/conversations/:id',
  'GET /api/admin-chat/conversations/:id/messages/:messageId/file',
  'GET /api/admin-chat/teams',
  // Which administrators answer which support team: administrators only, no company's data.
  'GET /api/admin-chat/team-members',
  'GET /api/admin-chat/team-members/:id',
  // Their own account: two-factor setting, notifications, counters (all zero: nothing to approve).
  'GET /api/user-2fa',
  'GET /api/notifications',
  'GET /api/pending-count',
  // The UK's bank-holiday regions, the same for everyone: no company's data.
  'GET /api/bank-holiday-regions',
  // Expert articles are the platform's own content, which administrators write: no company's data.
  'GET /api/article',
  'GET /api/article/:id',
  'GET /api/article-categories',
]);

describe("the administrator's reach", () => {
  const administratorActor = () => actors.find((actor) => actor.name === 'administrator') as Actor;
  const withCompany = (url: string) => `${url}${url.includes('?') ? '&' : '?'}company_id=${companyA}`;

  it("never answers a company's data to an administrator without an impersonated session, whatever company they name", async () => {
    const headers = await headersFor(administratorActor());
    const problems: string[] = [];
    const reads = t.app.apiRoutes.filter((route) => route.method === 'GET' && route.access !== 'public' && !route.url.includes('*'));
    for (const route of reads) {
      const res = await t.app.inject({ method: 'GET', url: withCompany(urlOf(route)), headers });
      const allowed = ADMINISTRATOR_ROUTES.has(`${route.method} ${route.url}`);
      if (!allowed && res.statusCode < 400) problems.push(`GET ${route.url} → ${res.statusCode}`);
      // The platform audit names whom impersonated sessions acted on: that record is its purpose.
      const namesPeople = res.body.includes(employee.id) || res.body.includes(owner.id);
      if (namesPeople && route.url !== '/api/platform-audit') problems.push(`GET ${route.url} names company A's people`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('is refused what the outside probe read: special-category details, notes, pay and the directory of a named company', async () => {
    const headers = await headersFor(administratorActor());
    for (const url of [
      `/api/user-personal-details/${employee.id}`,
      `/api/user-special-category/${employee.id}`,
      withCompany(`/api/user-notes?user_id=${employee.id}`),
      withCompany(`/api/user-pay-rate?user_id=${employee.id}`),
      withCompany('/api/user-basic'),
      withCompany('/api/user-absence'),
      withCompany(`/api/user-absence-period?user_id=${employee.id}`),
      withCompany('/api/company-notes'),
    ]) {
      expect([403, 404], url).toContain((await t.app.inject({ method: 'GET', url, headers })).statusCode);
    }
  });

  it('reads the same through an approved grant, as the user signed in as, and the company’s audit log records it', async () => {
    const adminToken = await signIn(t, administrator);
    const ownerToken = await signIn(t, owner);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/access-requests',
      headers: bearer(adminToken),
      payload: { company_id: companyA, reason: 'Ticket 42: bank details look wrong', duration_hours: 1 },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<{ id: string }>().id;
    const url = `/api/user-personal-details/${employee.id}`;
    // Asked but not yet approved: still nothing.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation-token',
      headers: bearer(adminToken),
      payload: { access_request_id: requestId, user_id: owner.id },
    });
    expect(early.statusCode).toBeGreaterThanOrEqual(400);
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/access-requests/${requestId}`,
      headers: bearer(ownerToken),
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) })).statusCode).toBe(403);

    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation-token',
      headers: bearer(adminToken),
      payload: { access_request_id: requestId, user_id: owner.id },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/token', payload: { token: issued.json<{ token: string }>().token } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const impersonated = bearer(exchanged.json<{ auth_token: string }>().auth_token);

    const read = await t.app.inject({ method: 'GET', url, headers: impersonated });
    expect(read.statusCode, read.body).toBe(200);
    const audited = await ownerSql<{ company_id: string; actor_id: string; details: { route: string; status: number } }>(
      t,
      sql`select company_id, actor_id, details from audit_log
          where impersonator_id = ${administrator.id} and action = 'impersonation.request' order by id`,
    );
    expect(audited).toContainEqual({
      company_id: companyA,
      actor_id: owner.id,
      details: expect.objectContaining({
        route: expect.stringMatching(/^\/api\/user-personal-details\//) as unknown,
        status: 200,
      }) as unknown,
    });
  });
});

/**
 * Every read open to any signed-in user (no permission entry), reviewed one by one: the
 * caller's own account and settings; the company's reference lists that forms, profiles and
 * leave requests name; published terms (drafts only for their editors, inside the handler).
 * Company notes, termination reasons and every record of a person need a permission. A new
 * open read fails here until it is added on purpose.
 */
const OPEN_READS = [
  ...['/api/user-2fa', '/api/notifications', '/api/pending-count', '/api/realtime/events', '/api/alerts', '/api/dashboard-alerts'],
  ...['/api/user-settings', '/api/user-settings/:userId', '/api/users/:userId/profile-image', '/api/user-profile-image/:userId'],
  ...['/api/company-settings/:companyId', '/api/company-logo/:companyId', '/api/user-meet-the-team', '/api/role', '/api/who-at-work'],
  ...['company-location', 'departments', 'company-position', 'contract-type', 'user-tags', 'working-pattern-templates']
    .concat(['company-pay-rate-type', 'custom-form-fields', 'terms-and-conditions', 'leave-type', 'absence-policy-template'])
    .concat(['blocked-date-period', 'bank-holiday-regions'])
    .flatMap((name) => [`/api/${name}`, `/api/${name}/:id`]),
  ...['/api/user-managed-department', '/api/company-leave-settings', '/api/bank-holidays'],
  // Expert articles: every signed-in user reads the published ones (docs-only users too, §2.3).
  ...['/api/article', '/api/article/:id', '/api/article-categories'],
  ...['/api/expense-type', '/api/expense-settings'],
  // The calendar: each source keeps to what the viewer may see (their own, their scope's).
  '/api/calendar-events',
  // The caller's own devices for push notifications (and the server's public key).
  '/api/push-subscriptions',
  // An impersonated session's own banner: whose account and who acts (404 for any other session).
  '/api/impersonation',
  // Several reads at once, each replayed through its own route and its permission (batch-read.test.ts).
  '/api/batch',
];

describe('open reads', () => {
  it('are exactly the reviewed ones', () => {
    const open = t.app.apiRoutes.filter((route) => route.method === 'GET' && route.access === 'authenticated').map((route) => route.url);
    expect(open.sort()).toEqual([...OPEN_READS].sort());
  });
});
