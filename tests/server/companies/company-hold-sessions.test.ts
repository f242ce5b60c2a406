// A company put on hold stops at once: its people's live tokens, writes and reads alike, are
// answered 401 with the words for a company not active (loginMessages.companyInactive: the app
// leaves for the sign-in page, which says the same), its realtime sessions end, and another
// company carries on. Made active again, the same sessions work: nothing was revoked or deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import { withSystem } from '../../../src/server/db/database';
import { findLiveRealtimeSessions } from '../../../src/server/realtime/realtime.queries';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { addCompanyWithRoles, addRole, addUser, bearer, claimsOf, inCompany, signIn } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  adminToken = await signIn(t, admin);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const setStatus = (companyId: string, status: string, reason: string) =>
  call(adminToken, 'PUT', `/api/companies/${companyId}`, { status, reason });
const liveRealtime = (token: string) =>
  withSystem(t.database.ownerDb, (trx) =>
    findLiveRealtimeSessions(trx, { sessionIds: [claimsOf(token).sid], idleSeconds: t.config.sessions.idleSeconds }),
  );

describe('a company put on hold', () => {
  it("refuses its people's live sessions at once, writes and reads, and lets them work again when it is active", async () => {
    const company = await addCompanyWithRoles(t, { departments: ['Office'] });
    const owner = await signIn(t, await addUser(t, { company: inCompany(company, 'Owner') }));
    const employee = await signIn(t, await addUser(t, { company: inCompany(company, 'Employee') }));
    const other = await addCompanyWithRoles(t, { departments: ['Office'] });
    const otherOwner = await signIn(t, await addUser(t, { company: inCompany(other, 'Owner') }));
    expect((await call(owner, 'POST', '/api/company-position', { name: 'Chef' })).statusCode).toBe(201);
    expect(await liveRealtime(owner)).toHaveLength(1);

    const held = await setStatus(company.companyId, 'on_hold', 'Invoice unpaid for 60 days');
    expect(held.statusCode, held.body).toBe(200);
    for (const [token, method, url, payload] of [
      [owner, 'POST', '/api/company-position', { name: 'Sous chef' }],
      [owner, 'GET', '/api/company-position', undefined],
      [employee, 'GET', '/api/notifications', undefined],
    ] as const) {
      const refused = await call(token, method, url, payload);
      expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(401);
      expect(refused.json()).toMatchObject({ status: 'company_inactive', message: loginMessages.companyInactive });
    }
    expect(await liveRealtime(owner)).toEqual([]);
    expect((await call(otherOwner, 'POST', '/api/company-position', { name: 'Chef' })).statusCode).toBe(201);

    expect((await setStatus(company.companyId, 'disabled', 'Contract ended')).statusCode).toBe(200);
    expect((await call(employee, 'GET', '/api/notifications')).json()).toMatchObject({ status: 'company_inactive' });

    expect((await setStatus(company.companyId, 'active', 'Paid in full')).statusCode).toBe(200);
    expect((await call(owner, 'POST', '/api/company-position', { name: 'Sous chef' })).statusCode).toBe(201);
    expect((await call(employee, 'GET', '/api/notifications')).statusCode).toBe(200);
    expect(await liveRealtime(owner)).toHaveLength(1);
  });
});
