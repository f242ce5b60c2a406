// The permission matrix of the identity issue: every /api route the server has × eight
// callers (anonymous, employee, manager of another department, manager of the department,
// owner, owner of another company, administrator, administrator impersonating an employee).
// The guard's answer is exactly what the route's declared access and the caller's
// permissions say (401 / 403); past the guard the handler may refuse, but never with a 5xx;
// and no record of another company ever appears in a company caller's response.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findTokenAccount } from '../../src/modules/auth/server/auth.queries';
import { signingKeys } from '../../src/modules/auth/server/authenticator';
import { PRODUCT_ROLES } from '../../src/server/modules';
import { claimsFor, signAccessToken } from '../../src/modules/auth/server/tokens';
import { withSystem } from '../../src/server/db/database';
import { notify } from '../../src/server/notifications/notify';
import type { ApiRoute } from '../../src/server/plugins/request-context';
import { levelFor, scopeRank, type HttpMethod } from '../../src/shared/scopes';
import {
  addCompanyWithRoles,
  addRole,
  addUser,
  inCompany,
  ownerSql,
  type CompanyFixture,
  type UserFixture,
} from '../support/identity-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

type Actor = { name: string; user: UserFixture | null; impersonatorId?: string; company: 'A' | 'B' | null };

let t: TestApp;
let actors: Actor[];
let employee: UserFixture;
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
  const owner = await member(a, 'Owner', 'Office');
  const ownerB = await member(b, 'Owner', 'Operations');
  const administrator = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });

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
    async (trx) => (await notify(trx, { companyId: b.companyId, userId: ownerB.id, description: 'For company B only', todo: true })).id,
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
  return { authorization: `Bearer ${await signAccessToken(await signingKeys(t.app.deps), claims, 900)}` };
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
    for (const actor of actors) {
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
    }
    expect(problems).toEqual([]);
    expect(calls).toBe(routes.length * actors.length);
  }, 120_000);
});
