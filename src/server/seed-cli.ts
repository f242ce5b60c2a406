// `npm run seed`: seeds the demo company into the configured database (idempotent).
import { loadConfig } from './config';
import { createLogger } from './logger';
import { openDatabase } from './db/open';
import { packageVersion } from './server';

const config = loadConfig({ ...process.env, SEED_DEMO: '1' }, packageVersion());
const database = await openDatabase(config, createLogger(config));
console.log(database.seed?.created ? 'Demo company seeded.' : 'Demo company already present: nothing to do.');
await database.close();
