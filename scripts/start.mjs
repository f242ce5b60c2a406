// `npm start`: build the client if it is missing or stale, then run the server in this
// process (TypeScript through tsx), so Ctrl-C reaches it directly.
import { register } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
register();
await import('../src/server/main.ts');
