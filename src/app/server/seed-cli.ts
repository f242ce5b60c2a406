// `npm run seed`: seeds the demo company into the configured database (idempotent).
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { openDatabase } from '../../server/db/open';
import { demoSeeding } from './seed';
import { packageVersion } from '../../server/package-version';

const config = loadConfig({ ...process.env, SEED_DEMO: '1' }, packageVersion());
const database = await openDatabase(config, createLogger(config), { demo: demoSeeding });
console.log(database.seed?.created ? 'Demo company seeded.' : 'Demo company already present: nothing to do.');
await database.close();
