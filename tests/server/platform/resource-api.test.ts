// The generic resource API over HTTP through the test-only widgets resource:
// list semantics, the verbs, field errors, validate, bulk and the permitted lists.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../src/server/plugins/request-context';
import { testSession, type TestApp } from '../../support/test-app';
import { WIDGET_STATUSES, type Widget } from '../../support/widgets.contract';
import { WIDGET_ROLES } from '../../support/widgets-resource';
import { createWidgetsTestApp, grantWidgets, widgetsClient, widgetsMember } from '../../support/widgets-api';

let t: TestApp;
beforeAll(async () => {
  t = await createWidgetsTestApp();
});
afterAll(async () => t?.close());

const as = (session: Session | null) => widgetsClient(t.app, session);

describe('list', () => {
  const owner = widgetsMember(randomUUID());
  const byName: Widget[] = [];
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      const status = WIDGET_STATUSES[i % 3];
      byName.push(await as(owner).create({ name: `Widget ${String(i).padStart(2, '0')}`, status, tags: i % 5 === 0 ? ['fives'] : [] }));
    }
  });

  it('answers the first 20 by default with count and next_offset', async () => {
    const page = await as(owner).list();
    expect(page.count).toBe(25);
    expect(page.next_offset).toBe(20);
    expect(page.results.map((w) => w.name)).toEqual(byName.slice(0, 20).map((w) => w.name));
  });

  it('walks every record exactly once by offset until next_offset reaches count', async () => {
    const seen: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await as(owner).list(`?offset=${offset}&limit=7`);
      seen.push(...page.results.map((w) => w.id));
      if (page.next_offset >= page.count) break;
      offset = page.next_offset;
    }
    expect(seen).toEqual(byName.map((w) => w.id));
  });

  it('maps page n to offset (n-1)·limit', async () => {
    const page = await as(owner).list('?page=2&limit=10');
    expect(page.results.map((w) => w.id)).toEqual(byName.slice(10, 20).map((w) => w.id));
    expect(page.next_offset).toBe(20);
  });

  it('filters by a bracket array of statuses', async () => {
    const page = await as(owner).list('?status[]=draft&status[]=active&limit=100');
    const expected = byName.filter((w) => w.status === 'draft' || w.status === 'active');
    expect(page.count).toBe(expected.length);
    expect(page.results.map((w) => w.id)).toEqual(expected.map((w) => w.id));
  });

  it('wraps a single status into a list (the schema accepts only lists)', async () => {
    const page = await as(owner).list('?status=archived&limit=100');
    expect(page.count).toBe(byName.filter((w) => w.status === 'archived').length);
    expect(page.results.every((w) => w.status === 'archived')).toBe(true);
  });

  it('skips empty and null values', async () => {
    const page = await as(owner).list('?status=&q=&tags=null&status[]=');
    expect(page.count).toBe(25);
  });

  it('filters by tags and by text', async () => {
    expect((await as(owner).list('?tags[]=fives')).count).toBe(5);
    expect((await as(owner).list('?q=widget%202')).results.map((w) => w.name)).toEqual([
      'Widget 20',
      'Widget 21',
      'Widget 22',
      'Widget 23',
      'Widget 24',
      'Widget 25',
    ]);
  });

  it('answers an unknown filter value with a 422 naming the item', async () => {
    const res = await as(owner).get('/api/widgets?status[]=draft&status[]=lost');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'validation',
      message: 'Please check provided details.',
      errors: { 'status.1': ['Unknown status.'] },
    });
  });

  it('shows own scope only the records the caller made', async () => {
    const colleague = testSession({
      companyId: owner.companyId,
      permissions: [...grantWidgets(['GET'], 'own'), ...grantWidgets(['POST'])],
    });
    const mine = await as(colleague).create({ name: 'Mine' });
    const page = await as(colleague).list('?limit=100');
    expect(page.results.map((w) => w.id)).toEqual([mine.id]);
    expect(page.count).toBe(1);
  });
});

describe('create, get, update, delete', () => {
  const owner = widgetsMember(randomUUID());

  it('creates (201), reads, updates and deletes (204) a record', async () => {
    const created = await as(owner).create({ name: '  Lathe ', status: 'active', tags: ['tools'], details: { colour: 'red', size: 4 } });
    expect(created).toMatchObject({
      name: 'Lathe',
      status: 'active',
      tags: ['tools'],
      details: { colour: 'red', size: 4 },
      company_id: owner.companyId,
      created_by: owner.userId,
    });

    const got = await as(owner).get(`/api/widgets/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);

    const updated = await as(owner).put(`/api/widgets/${created.id}`, { name: 'Big lathe', status: 'archived', details: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.id, name: 'Big lathe', status: 'archived', tags: [], details: null });

    const deleted = await as(owner).delete(`/api/widgets/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await as(owner).get(`/api/widgets/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps a client-generated id, and refuses it a second time with 409', async () => {
    const id = randomUUID();
    expect((await as(owner).create({ id, name: 'Offline' })).id).toBe(id);
    const again = await as(owner).post('/api/widgets', { id, name: 'Offline', status: 'draft' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict' });
  });

  it('answers 404 for an unknown id, or one that is not an id at all', async () => {
    const unknown = randomUUID();
    for (const [method, url, payload] of [
      ['GET', `/api/widgets/${unknown}`],
      ['PUT', `/api/widgets/${unknown}`, { name: 'x', status: 'draft' }],
      ['DELETE', `/api/widgets/${unknown}`],
      ['GET', '/api/widgets/not-an-id'],
      ['PUT', '/api/widgets/1%27%20or%201=1', { name: 'x', status: 'draft' }],
    ] as const) {
      const res = await as(owner).send({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'notFound', message: 'Not found.' });
    }
  });

  it('answers invalid input with 422 and field errors, nested fields by dotted path', async () => {
    const res = await as(owner).post('/api/widgets', {
      name: '',
      status: 'lost',
      tags: ['ok', 7],
      details: { colour: 'red', size: 500 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'validation',
      message: 'Please check provided details.',
      errors: {
        name: ['Field is required.'],
        status: ['Field is required.'],
        'tags.1': ['Field is required.'],
        'details.size': ['Value must be lower than or equal 100'],
      },
    });
  });

  it('leaves a record unchanged when an update is invalid', async () => {
    const widget = await as(owner).create({ name: 'Drill', details: { colour: 'blue', size: 2 } });
    const res = await as(owner).put(`/api/widgets/${widget.id}`, {
      name: 'Drill',
      status: 'draft',
      details: { colour: 'pink', size: 2 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'details.colour': ['Field is required.'] });
    expect((await as(owner).get(`/api/widgets/${widget.id}`)).json()).toEqual(widget);
  });

  it('answers a body that is not an object with 422, and one that is not JSON with 400', async () => {
    expect((await as(owner).post('/api/widgets', [1, 2])).statusCode).toBe(422);
    const bad = await as(owner).send({
      method: 'POST',
      url: '/api/widgets',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('validate', () => {
  const owner = widgetsMember(randomUUID());

  it('answers 200 with no errors for a valid form, nulls kept', async () => {
    const res = await as(owner).post('/api/widgets/validate', { id: null, name: 'Saw', status: 'draft', tags: [], details: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errors: {} });
  });

  it('reports a required field sent as null', async () => {
    const res = await as(owner).post('/api/widgets/validate', { id: null, name: null, status: 'draft', details: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errors: { name: ['Field is required.'] } });
  });

  it('answers 200 with field errors, nested ones by dotted path, and creates nothing', async () => {
    const res = await as(owner).post('/api/widgets/validate', { name: 'Saw', status: 'draft', details: { colour: 'red', size: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errors: { 'details.size': ['Value must be greater than or equal 1'] } });
    expect((await as(owner).list()).count).toBe(0);
  });

  it("runs the resource's server-side check once the schema passes", async () => {
    const taken = await as(owner).create({ name: 'Plane' });
    const clash = await as(owner).post('/api/widgets/validate', { name: 'Plane', status: 'draft' });
    expect(clash.json()).toEqual({ errors: { name: ['This name is already taken.'] } });
    const itself = await as(owner).post('/api/widgets/validate', { id: taken.id, name: 'Plane', status: 'draft' });
    expect(itself.json()).toEqual({ errors: {} });
  });
});

describe('bulk', () => {
  const owner = widgetsMember(randomUUID());
  const stranger = widgetsMember(randomUUID());

  it('applies an action to the listed records of the caller’s company only', async () => {
    const [a, b, c] = [await as(owner).create({ name: 'A' }), await as(owner).create({ name: 'B' }), await as(owner).create({ name: 'C' })];
    const theirs = await as(stranger).create({ name: 'Theirs' });
    const res = await as(owner).post('/api/widgets/bulk', {
      action: 'set_status',
      data: { ids: [a.id, b.id, theirs.id], status: 'active' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ affected: 2 });
    const statuses = (await as(owner).list()).results.map((w) => [w.name, w.status]);
    expect(statuses).toEqual([
      ['A', 'active'],
      ['B', 'active'],
      ['C', 'draft'],
    ]);
    expect((await as(stranger).get(`/api/widgets/${theirs.id}`)).json()).toMatchObject({ status: 'draft' });

    const archive = await as(owner).post('/api/widgets/bulk', { action: 'archive', data: { ids: [c.id] } });
    expect(archive.json()).toEqual({ affected: 1 });
  });

  it('answers an unknown action or bad data with 422 field errors', async () => {
    const unknown = await as(owner).post('/api/widgets/bulk', { action: 'explode', data: {} });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['action']);
    const bad = await as(owner).post('/api/widgets/bulk', { action: 'archive', data: { ids: ['nope'] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'data.ids.0': ['This is not a valid id.'] });
  });
});

describe('permitted users and roles', () => {
  it('lists the company’s choices only', async () => {
    const owner = widgetsMember(randomUUID());
    const colleague = widgetsMember(owner.companyId!);
    await as(owner).create({ name: 'One' });
    await as(colleague).create({ name: 'Two' });
    await as(widgetsMember(randomUUID())).create({ name: 'Elsewhere' });
    const users = await as(owner).get('/api/widgets/permitted-users');
    expect(users.statusCode).toBe(200);
    expect(users.json()).toEqual({ results: [owner.userId, colleague.userId].sort() });
    const roles = await as(owner).get('/api/widgets/permitted-roles');
    expect(roles.json()).toEqual({ results: WIDGET_ROLES });
  });
});
