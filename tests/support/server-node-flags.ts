// The Node flags `npm start` runs the server with (package.json's `start` script: its young
// generation's size), read in one place by the deploy files' test and by the benchmarks that start
// the built server, so both hold to what is deployed.
import fs from 'node:fs';
import path from 'node:path';

export const SERVER_NODE_FLAGS: readonly string[] = (() => {
  const packageJson = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return (packageJson.scripts.start ?? '').split(' ').filter((word) => word.startsWith('--'));
})();
