// A module that exists only in tests, registered the way a product module is, to prove the
// kit: what it declares (a route, a grant, a pending counter, a job, demo data) appears once
// it is added to the collector lists.
import { sql } from 'kysely';
import type { ServerModule, DemoCompany } from '../../src/server/server-module';
import { grant } from '../../src/server/roles';

export const KIT_ENDPOINT = '/api/kit-notes';

/** What the module saw happen, for the test to read. */
export const kitEvents = { jobRuns: 0, demoCompanies: [] as DemoCompany[] };

export const kitServerModule: ServerModule = {
  name: 'kit-test',
  routes: async (app) => {
    app.get(KIT_ENDPOINT, { config: { access: { endpoint: KIT_ENDPOINT, method: 'GET' } } }, async (request) => ({
      scope: request.scope,
    }));
  },
  grants: { Owner: grant(KIT_ENDPOINT, 'company', ['GET']), Employee: grant(KIT_ENDPOINT, 'own', ['GET']) },
  counters: {
    // The people of the caller's company (it takes the key from the product's counter in tests).
    user_overtime: async ({ trx }) => (await sql<{ n: number }>`select count(*)::int as n from users`.execute(trx)).rows[0]?.n ?? 0,
  },
  jobs: [
    {
      name: 'kit-test-sweep',
      schedule: { cron: '0 3 * * *', timeZone: 'Europe/London' },
      catchUpAtStart: true,
      handler: async () => {
        kitEvents.jobRuns += 1;
      },
    },
  ],
  demo: async (_trx, company) => {
    kitEvents.demoCompanies.push(company);
  },
};
