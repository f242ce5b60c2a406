// The server the API benchmark drives: the real app with real sign-in on the embedded
// database, plus the test-only widgets resource holding 10,000 rows of the demo company
// (no product list endpoint exists yet). Prints "READY <port>" when it listens.
import { sql } from 'kysely';
import { buildApp } from '../../src/app/server/app';
import { serverModules } from '../../src/app/server/modules';
import { loadConfig } from '../../src/server/config';
import { createDb, createPool } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open';
import { demoSeeding } from '../../src/app/server/seed';
import { createLogger } from '../../src/server/logger';
import { createWidgetsTable } from '../support/widgets.queries';
import { widgetsResource } from '../support/widgets-resource';

const ROWS = 10_000;
const config = loadConfig({ ...process.env, SEED_DEMO: '1' }, 'bench');
const logger = createLogger(config);
const database = await openDatabase(config, logger, { demo: demoSeeding });

const ownerDb = createDb(createPool(database.ownerUrl, { max: 1 }));
const exists = await sql<{ ok: boolean }>`select to_regclass('widgets') is not null as ok`.execute(ownerDb);
if (!exists.rows[0]?.ok) {
  await createWidgetsTable(ownerDb);
  await sql`
    insert into widgets (company_id, name, status, tags, created_by)
    select c.id, 'Widget ' || lpad(n::text, 5, '0'), (array['draft', 'active', 'archived'])[1 + n % 3], array['bench'], u.id
    from companies c, users u, generate_series(1, ${ROWS}) n
    where c.name = 'Demo Ltd' and u.email = 'owner@demo.test'`.execute(ownerDb);
  await sql`
    insert into role_permissions (role_id, company_id, endpoint, method, type)
    select r.id, r.company_id, '/api/widgets', 'GET', 'company' from roles r where r.name = 'Owner'
    on conflict do nothing`.execute(ownerDb);
  await sql`analyze widgets`.execute(ownerDb);
}
await ownerDb.destroy();

const app = await buildApp({ config, logger, db: database.db, modules: [...serverModules, { name: 'widgets', routes: widgetsResource }] });
app.addHook('onClose', async () => database.close());
await app.listen({ host: '127.0.0.1', port: config.port });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : config.port}`);

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
