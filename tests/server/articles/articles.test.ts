// Expert articles: every company user reads the published ones — docs-only users too, who get
// no noticeboard — full-text search finds words of the body, ranked; categories and related
// articles; administrators write and keep drafts to themselves; bodies keep only the
// allow-list. The permission rows of both modules per role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { levelFor } from '../../../src/shared/scopes';
import { addRole, addUser, bearer, inCompany, signIn } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;
let docs: Record<string, string>;
let admin: Record<string, string>;
let employee: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
  const docsUser = await addUser(t, { company: inCompany(acme, 'Docs only'), departmentId: acme.departments.Office! });
  const adminUser = await addUser(t, {
    company: null,
    roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }),
  });
  docs = bearer(await signIn(t, docsUser));
  admin = bearer(await signIn(t, adminUser));
  employee = bearer(await acme.token('employee'));
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const titles = (res: { json: () => unknown }) => (res.json() as { results: { title: string }[] }).results.map((a) => a.title);

const article = (overrides: Record<string, unknown> = {}) => ({
  title: 'Working at height: ladders',
  summary: 'When a ladder is the right tool.',
  body: '<p>Check the <strong>stiles</strong> before use.</p>',
  category: 'Work equipment',
  tags: ['ladders'],
  area: 'hs',
  status: 'published',
  published_on: '2026-01-05',
  sources: [{ name: 'HSE: Safe use of ladders and stepladders', url: 'https://www.hse.gov.uk/pubns/indg455.htm' }],
  ...overrides,
});

describe('reading', () => {
  it('shows the starter articles, with dates and sources, to docs-only users, who get no noticeboard', async () => {
    const list = await get('/api/article', docs);
    expect(list.statusCode).toBe(200);
    expect(titles(list)).toEqual(
      expect.arrayContaining([
        'Handling a sickness absence: a step-by-step guide for small employers',
        'RIDDOR for small businesses: what to report, and by when',
        'Holiday entitlement basics: 5.6 weeks and how to work it out',
      ]),
    );
    const first = (list.json() as { results: { id: string; published_on: string }[] }).results[0]!;
    expect(first.published_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const one = (await get(`/api/article/${first.id}`, docs)).json();
    expect(one.sources.length).toBeGreaterThan(0);
    expect(one.related.length).toBeGreaterThan(0);
    expect((await get('/api/notices', docs)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/notices', headers: docs, payload: {} })).statusCode).toBe(403);
  });

  it('finds an article by a word only its body holds, best match first', async () => {
    const res = await get('/api/article?search=tenosynovitis', employee);
    expect(titles(res)).toEqual(['RIDDOR for small businesses: what to report, and by when']);
    const ranked = titles(await get(`/api/article?search=${encodeURIComponent('holiday entitlement')}`, employee));
    expect(ranked[0]).toBe('Holiday entitlement basics: 5.6 weeks and how to work it out');
    expect(titles(await get('/api/article?search=xylophonist', employee))).toEqual([]);
    expect(titles(await get('/api/article?area=hs', employee))).toContain('RIDDOR for small businesses: what to report, and by when');
    expect(titles(await get('/api/article?area=hs', employee))).not.toContain(
      'Holiday entitlement basics: 5.6 weeks and how to work it out',
    );
    const categories = (await get('/api/article-categories', docs)).json() as { name: string; count: number }[];
    expect(categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Absence management', 'Accidents and incidents', 'Leave and holidays']),
    );
  });
});

describe('writing', () => {
  it('lets administrators write, keeps drafts from company users, and strips scripts', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/article', headers: employee, payload: article() })).statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/article',
      headers: admin,
      payload: article({ status: 'draft', body: '<p>Stiles <script>alert(1)</script><img src=x onerror=alert(2)>ok</p>' }),
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json() as { id: string; body: string };
    expect(draft.body).toBe('<p>Stiles ok</p>');
    expect((await get(`/api/article/${draft.id}`, employee)).statusCode).toBe(404);
    expect(titles(await get('/api/article?search=stiles', employee))).toEqual([]);
    const drafts = await get('/api/article?status=draft', admin);
    expect(drafts.statusCode, drafts.body).toBe(200);
    expect(titles(drafts)).toContain('Working at height: ladders');

    const published = await t.app.inject({ method: 'PUT', url: `/api/article/${draft.id}`, headers: admin, payload: article() });
    expect(published.statusCode).toBe(200);
    expect(titles(await get('/api/article?search=stiles', employee))).toEqual(['Working at height: ladders']);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/article', headers: admin, payload: article({ title: '', area: 'x' }) });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(['title', 'area']));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/article/${draft.id}`, headers: admin })).statusCode).toBe(204);
    expect((await get(`/api/article/${draft.id}`, employee)).statusCode).toBe(404);
  });
});

describe('permission rows', () => {
  it('gives each role its level for /api/notices and /api/article', () => {
    const level = (role: string, endpoint: string, method: 'GET' | 'POST' = 'POST') => {
      const template = role === 'Administrator' ? PRODUCT_ROLES.administrator : PRODUCT_ROLES.company.find((r) => r.name === role)!;
      return levelFor(template.permissions, endpoint, method);
    };
    expect(['Owner', 'HR admin', 'Manager', 'Employee', 'Docs only', 'Administrator'].map((role) => level(role, '/api/notices'))).toEqual([
      'company',
      'company',
      'department',
      'own',
      null,
      null,
    ]);
    expect(['Owner', 'Manager', 'Employee', 'Docs only', 'Administrator'].map((role) => level(role, '/api/article'))).toEqual([
      'company',
      'own',
      'own',
      null,
      'global',
    ]);
  });
});
