// The demo as the seed writes it — HR and H&S tasks for Ella, Marcus and Olivia (some overdue,
// some repeating), last month's kitchen slip linked to Ella's sickness absence — and the
// permission matrix of the task and incident endpoints for each demo role, docs-only included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentDetail, IncidentList } from '../../../src/modules/incidents/incidents.contract';
import type { TaskList } from '../../../src/modules/tasks/tasks.contract';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { bearer } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
}, 60_000);
afterAll(async () => t.close());

async function as(email: string) {
  let token = tokens.get(email);
  if (!token) {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json<{ auth_token: string }>().auth_token;
    tokens.set(email, token);
  }
  return bearer(token);
}
const get = async (email: string, url: string) => t.app.inject({ method: 'GET', url, headers: await as(email) });

describe('the demo', () => {
  it('gives Ella, Marcus and Olivia HR and H&S tasks, some overdue and some repeating', async () => {
    for (const email of ['employee@demo.test', 'manager@demo.test', 'owner@demo.test']) {
      const hs = (await get(email, '/api/hs-task?view=mine&limit=100')).json<TaskList>().results;
      const hr = (await get(email, '/api/hr-task?view=mine&limit=100')).json<TaskList>().results;
      expect(hs.length + hr.length, email).toBeGreaterThan(0);
    }
    const all = [
      ...(await get('owner@demo.test', '/api/hs-task?limit=100')).json<TaskList>().results,
      ...(await get('owner@demo.test', '/api/hr-task?limit=100')).json<TaskList>().results,
    ];
    expect(all.some((task) => task.overdue)).toBe(true);
    expect(all.some((task) => task.recurring)).toBe(true);
    expect(all.some((task) => task.area === 'hr')).toBe(true);
  });

  it('has last month’s incident with Ella’s sickness absence linked, its days counted from it', async () => {
    const list = (await get('owner@demo.test', '/api/incident-log?search=dishwasher')).json<IncidentList>();
    expect(list.results).toHaveLength(1);
    const detail = (await get('owner@demo.test', `/api/incident-log/${list.results[0]!.id}`)).json<IncidentDetail>();
    expect(detail.absence).not.toBeNull();
    expect(detail.riddor.days_from).toBe('absence');
    expect(detail.riddor.incapacity_days).toBeGreaterThan(0);
    expect(detail.actions.map((action) => action.title)).toEqual(['Get the dishwasher leak repaired']);
  });
});

// Each demo role against the task and incident endpoints: the status the guard and the scope rules give.
const MATRIX: [email: string, method: 'GET' | 'POST', url: string, status: number][] = [
  ['owner@demo.test', 'GET', '/api/hr-task?view=managed', 200],
  ['owner@demo.test', 'GET', '/api/incident-log/export', 200],
  ['emily.walker@demo.test', 'GET', '/api/incident-log/export', 200],
  ['manager@demo.test', 'GET', '/api/hs-task?view=managed', 200],
  ['manager@demo.test', 'GET', '/api/incident-log', 200],
  ['manager@demo.test', 'GET', '/api/incident-log/export', 403],
  ['employee@demo.test', 'GET', '/api/hs-task', 200],
  ['employee@demo.test', 'GET', '/api/hs-task/templates', 200],
  ['employee@demo.test', 'GET', '/api/incident-log/export', 403],
  ['docs@demo.test', 'GET', '/api/hr-task', 403],
  ['docs@demo.test', 'GET', '/api/hs-task', 403],
  ['docs@demo.test', 'GET', '/api/hs-task/templates', 403],
  ['docs@demo.test', 'GET', '/api/incident-log', 403],
  ['docs@demo.test', 'POST', '/api/incident-log', 403],
  ['docs@demo.test', 'POST', '/api/hs-task/from-template', 403],
];

describe('permission matrix of tasks and incidents', () => {
  it.each(MATRIX)('%s %s %s → %i', async (email, method, url, status) => {
    const res = await t.app.inject({ method, url, headers: await as(email), ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(status);
  });
});
