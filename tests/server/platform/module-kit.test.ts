// The module kit: a module declared once (tests/support/kit-test-module.ts) and added to the
// collector lists gets its route mounted, its grants into the default roles, its counter into
// GET /api/pending-count, its job run by the servers and its demo data seeded.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/app/server/seed';
import { collectJobs } from '../../../src/server/jobs/job-list';
import { serverModules } from '../../../src/app/server/modules';
import { roleTemplates } from '../../../src/server/roles';
import { startServer } from '../../../src/app/server/server';
import { addCompany, addUser } from '../../support/identity-fixtures';
import { KIT_ENDPOINT, kitEvents, kitServerModule } from '../../support/kit-test-module';
import { authHeader, createTestApp, testConfig, testSession, withoutCountersOf, type TestApp } from '../../support/test-app';

// The kit module's counter stands in for the product's counter of the same key.
const modules = [...withoutCountersOf(serverModules, [kitServerModule]), kitServerModule];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ modules: [kitServerModule] });
});
afterAll(async () => t.close());

const roleNamed = (name: string) => roleTemplates(modules).company.find((role) => role.name === name);

describe('a module registered in the collector lists', () => {
  it('has its route mounted, with its declared access', async () => {
    expect(t.app.apiRoutes).toContainEqual({ method: 'GET', url: KIT_ENDPOINT, access: { endpoint: KIT_ENDPOINT, method: 'GET' } });
    expect((await t.app.inject({ method: 'GET', url: KIT_ENDPOINT })).statusCode).toBe(401);
  });

  it('puts its grants into the default roles, and only those roles reach the route', async () => {
    expect(roleNamed('Owner')?.permissions).toContainEqual({ endpoint: KIT_ENDPOINT, method: 'GET', type: 'company' });
    expect(roleNamed('Manager')?.permissions.some((entry) => entry.endpoint === KIT_ENDPOINT)).toBe(false);
    // Without the module, no role holds the endpoint.
    expect(
      roleTemplates(serverModules)
        .company.flatMap((role) => role.permissions)
        .some((e) => e.endpoint === KIT_ENDPOINT),
    ).toBe(false);

    const asRole = (name: string) =>
      t.app.inject({
        method: 'GET',
        url: KIT_ENDPOINT,
        headers: authHeader(testSession({ permissions: roleNamed(name)?.permissions ?? [] })),
      });
    const owner = await asRole('Owner');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ scope: 'company' });
    expect((await asRole('Manager')).statusCode).toBe(403);
  });

  it('adds its counter to the pending counts', async () => {
    const company = await addCompany(t);
    const [user] = await Promise.all([addUser(t, { company }), addUser(t, { company }), addUser(t, { company })]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pending-count',
      headers: authHeader(testSession({ userId: user.id, companyId: user.companyId })),
    });
    expect(res.json()).toMatchObject({ user_overtime: 3, user_absence: 0 });
  });

  it('seeds its demo data into the demo company, after the product modules', async () => {
    kitEvents.demoCompanies.length = 0;
    await seedDemo(t.database.ownerDb, undefined, modules);
    expect(kitEvents.demoCompanies).toHaveLength(1);
    expect(kitEvents.demoCompanies[0]).toMatchObject({ companyName: 'Demo Ltd' });
    expect(Object.keys(kitEvents.demoCompanies[0]?.accounts ?? {})).toContain('owner@demo.test');
  });

  it('has its job run by a server made of the modules', async () => {
    expect(collectJobs(modules).map((job) => job.name)).toContain('kit-test-sweep');
    expect(collectJobs(serverModules).map((job) => job.name)).not.toContain('kit-test-sweep');
    expect(() => collectJobs([kitServerModule, { ...kitServerModule, name: 'again' }])).toThrow(/Two background jobs/);

    kitEvents.jobRuns = 0;
    const server = await startServer({
      config: testConfig({ DATABASE_URL: t.database.ownerUrl, SEED_DEMO: '0', HOST: '127.0.0.1', PORT: '0' }),
      logger: pino({ level: 'silent' }),
      modules,
      jobTiming: { pollingIntervalSeconds: 0.5 },
    });
    try {
      const deadline = Date.now() + 20_000;
      while (kitEvents.jobRuns === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(kitEvents.jobRuns).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
