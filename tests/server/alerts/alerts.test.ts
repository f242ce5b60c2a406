// Alerts: administrators write and publish them; company users see only what is published
// for them; the login screen sees only dashboard alerts for every company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAlert, Alert } from '../../../src/modules/alerts/alerts.contract';
import { withTenant } from '../../../src/server/db/database';
import type { ListResponse } from '../../../src/shared/list';
import { addAdministrators, addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: Person;
let owner: Person;
let employee: Person;
let otherEmployee: Person;
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  companyId = company.companyId!;
  otherCompanyId = other.companyId!;
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  otherEmployee = await addPerson(t, other, { role: 'Employee', department: 'Office' });
});
afterAll(async () => t.close());

const send = (who: Person | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

async function createAlert(body: Record<string, unknown>): Promise<AdminAlert> {
  const res = await send(admin, 'POST', '/api/alerts', { kind: 'banner', short_message: 'Maintenance tonight', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminAlert>();
}
const ids = (res: { json: <T>() => T }) => res.json<ListResponse<Alert>>().results.map((alert) => alert.id);
const past = new Date(Date.now() - 60_000).toISOString();
const future = new Date(Date.now() + 86_400_000).toISOString();

describe('administrators', () => {
  it('create a draft, publish it, edit it and delete it', async () => {
    const draft = await createAlert({ long_message: '<p>Planned <strong>maintenance</strong></p>' });
    expect(draft).toMatchObject({ status: 'draft', published_at: null, company_id: null, company_name: null, kind: 'banner' });
    expect(await send(employee, 'GET', '/api/alerts').then(ids)).not.toContain(draft.id);

    const published = await send(admin, 'POST', `/api/alerts/${draft.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<AdminAlert>()).toMatchObject({ status: 'published' });
    const seen = await send(employee, 'GET', '/api/alerts');
    expect(ids(seen)).toContain(draft.id);
    const alert = seen.json<ListResponse<Alert>>().results.find((a) => a.id === draft.id)!;
    expect(Object.keys(alert).sort()).toEqual(['created_at', 'id', 'kind', 'long_message', 'published_at', 'short_message', 'updated_at']);

    const edited = await send(admin, 'PUT', `/api/alerts/${draft.id}`, {
      kind: 'banner',
      short_message: 'Maintenance moved',
      long_message: '',
      published_at: past,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminAlert>().short_message).toBe('Maintenance moved');
    expect(new Date(edited.json<AdminAlert>().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(draft.updated_at).getTime());

    expect((await send(admin, 'DELETE', `/api/alerts/${draft.id}`)).statusCode).toBe(204);
    expect(await send(employee, 'GET', '/api/alerts').then(ids)).not.toContain(draft.id);
    expect((await send(admin, 'DELETE', `/api/alerts/${draft.id}`)).statusCode).toBe(404);
  });

  it('tell every open app to refetch its alerts, on the global channel and with nothing in it', async () => {
    const before = await t.database.ownerDb.selectFrom('realtime_events').select('id').where('event', '=', 'alerts').execute();
    await createAlert({ company_id: companyId });
    const events = await t.database.ownerDb
      .selectFrom('realtime_events')
      .select(['channel', 'invalidates', 'payload'])
      .where('event', '=', 'alerts')
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(before.length + 1);
    expect(events.at(-1)).toEqual({ channel: 'global', invalidates: ['alerts', 'dashboard-alerts'], payload: null });
  });

  it('list every alert with its status and company, newest change first', async () => {
    const scheduled = await createAlert({ published_at: future, company_id: companyId });
    const list = await send(admin, 'GET', '/api/alerts');
    expect(list.statusCode).toBe(200);
    const found = list.json<ListResponse<AdminAlert>>().results.find((a) => a.id === scheduled.id);
    expect(found).toMatchObject({ status: 'scheduled', company_id: companyId, company_name: expect.stringMatching(/^Company /) });
    expect(await send(employee, 'GET', '/api/alerts').then(ids)).not.toContain(scheduled.id);
  });

  it('strip scripts and event handlers from the long message', async () => {
    const alert = await createAlert({
      long_message: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      published_at: past,
    });
    expect(alert.long_message).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(alert.long_message).toContain('Hi');
  });

  it('refuse an unknown company and bad input with field messages', async () => {
    const unknown = await send(admin, 'POST', '/api/alerts', { kind: 'banner', short_message: 'x', company_id: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors.company_id).toEqual(['This company does not exist.']);
    const bad = await send(admin, 'POST', '/api/alerts', { kind: 'popup', short_message: '', published_at: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['kind', 'published_at', 'short_message']);
  });
});

describe('company users', () => {
  it('never see another company’s targeted alert, and see their own company’s', async () => {
    const forOther = await createAlert({ company_id: otherCompanyId, published_at: past });
    const forMine = await createAlert({ company_id: companyId, published_at: past });
    const mine = await send(employee, 'GET', '/api/alerts').then(ids);
    expect(mine).toContain(forMine.id);
    expect(mine).not.toContain(forOther.id);
    const theirs = await send(otherEmployee, 'GET', '/api/alerts').then(ids);
    expect(theirs).toContain(forOther.id);
    expect(theirs).not.toContain(forMine.id);
  });

  it('see published dashboard alerts on /api/dashboard-alerts, not banners', async () => {
    const dashboard = await createAlert({ kind: 'dashboard', published_at: past });
    const banner = await createAlert({ kind: 'banner', published_at: past });
    const list = await send(employee, 'GET', '/api/dashboard-alerts').then(ids);
    expect(list).toContain(dashboard.id);
    expect(list).not.toContain(banner.id);
    expect(await send(employee, 'GET', '/api/alerts').then(ids)).not.toContain(dashboard.id);
  });

  it('cannot write alerts, not even an owner (403)', async () => {
    for (const who of [owner, employee]) {
      expect((await send(who, 'POST', '/api/alerts', { kind: 'banner', short_message: 'Mine' })).statusCode).toBe(403);
      expect((await send(who, 'POST', '/api/dashboard-alerts', { short_message: 'Mine' })).statusCode).toBe(403);
    }
    const alert = await createAlert({ published_at: past });
    expect((await send(owner, 'PUT', `/api/alerts/${alert.id}`, { kind: 'banner', short_message: 'x' })).statusCode).toBe(403);
    expect((await send(owner, 'DELETE', `/api/alerts/${alert.id}`)).statusCode).toBe(403);
    expect((await send(owner, 'POST', `/api/alerts/${alert.id}/publish`)).statusCode).toBe(403);
  });
});

describe('dashboard-alerts resource', () => {
  it('writes only dashboard alerts and cannot touch a banner', async () => {
    const created = await send(admin, 'POST', '/api/dashboard-alerts', { short_message: 'Welcome', published_at: past });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AdminAlert>().kind).toBe('dashboard');
    const banner = await createAlert({});
    expect((await send(admin, 'PUT', `/api/dashboard-alerts/${banner.id}`, { short_message: 'x' })).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/dashboard-alerts/${banner.id}`)).statusCode).toBe(404);
    const adminList = await send(admin, 'GET', '/api/dashboard-alerts');
    expect(adminList.json<ListResponse<AdminAlert>>().results.every((a) => a.kind === 'dashboard')).toBe(true);
  });
});

describe('public dashboard alerts', () => {
  it('show only published dashboard alerts for every company, without a session', async () => {
    const everyone = await createAlert({ kind: 'dashboard', published_at: past });
    const targeted = await createAlert({ kind: 'dashboard', published_at: past, company_id: companyId });
    const draft = await createAlert({ kind: 'dashboard' });
    const banner = await createAlert({ kind: 'banner', published_at: past });
    const res = await send(null, 'GET', '/api/public/dashboard-alerts');
    expect(res.statusCode).toBe(200);
    const list = ids(res);
    expect(list).toContain(everyone.id);
    for (const hidden of [targeted, draft, banner]) expect(list).not.toContain(hidden.id);
  });
});

describe('row-level security as the application role', () => {
  it('lets a tenant read alerts for everyone and for itself only, and write none', async () => {
    const forOther = await createAlert({ company_id: otherCompanyId });
    const forMine = await createAlert({ company_id: companyId });
    const forAll = await createAlert({});
    // No company filter here: the policy alone decides.
    const seen = await withTenant(t.database.db, companyId, (trx) => trx.selectFrom('alerts').select('id').execute());
    const seenIds = seen.map((row) => row.id);
    expect(seenIds).toEqual(expect.arrayContaining([forMine.id, forAll.id]));
    expect(seenIds).not.toContain(forOther.id);
    await expect(
      withTenant(t.database.db, companyId, (trx) =>
        trx
          .insertInto('alerts')
          .values({
            kind: 'banner',
            short_message: 'Forged',
            long_message: '',
            published_at: null,
            company_id: companyId,
            created_by: null,
          })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await withTenant(t.database.db, companyId, (trx) =>
      trx.updateTable('alerts').set({ short_message: 'Changed' }).where('id', '=', forMine.id).executeTakeFirst(),
    );
    expect(Number(updated.numUpdatedRows)).toBe(0);
  });
});

describe('refusals', () => {
  it('answers 401 without a session, 404 for unknown or malformed ids, and never 5xx for garbage', async () => {
    expect((await send(null, 'GET', '/api/alerts')).statusCode).toBe(401);
    expect((await send(null, 'POST', '/api/alerts', { kind: 'banner', short_message: 'x' })).statusCode).toBe(401);
    expect((await send(admin, 'PUT', `/api/alerts/${crypto.randomUUID()}`, { kind: 'banner', short_message: 'x' })).statusCode).toBe(404);
    expect((await send(admin, 'POST', '/api/alerts/not-a-uuid/publish')).statusCode).toBe(404);
    const garbage: unknown[] = [
      null,
      [],
      'text',
      { kind: 'banner', short_message: 'a'.repeat(201) },
      { kind: 'banner', short_message: 'x\u0000y' },
      { kind: 'banner', short_message: 'x', published_at: '2026-13-45T99:99:99Z' },
      { kind: 'banner', short_message: 'x', company_id: 'nope' },
      { kind: 'banner', short_message: 'x', long_message: 42 },
    ];
    for (const payload of garbage) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const query = await send(admin, 'GET', '/api/alerts?kind[]=popup&limit=abc');
    expect(query.statusCode).toBe(422);
  });
});
