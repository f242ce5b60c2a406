// `npm test`: every check CI runs, in order, stopping at the first phase that fails, with the
// time each phase (and each static check) took — CI's budget is watched phase by phase.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// The static checks share nothing, so they run side by side (two at a time on a 2-core
// machine); each one's output is printed whole when it ends, not interleaved.
// Longest first, so the two lanes end together (measured one at a time: lint 98 s, server
// typecheck 71 s, client 46 s, format 40 s, service worker 11 s): lint then format on one lane,
// the three typechecks on the other.
const staticChecks = [
  ['lint', npm, ['run', 'lint']],
  ['typecheck (server)', npx, ['tsc', '-p', 'tsconfig.server.json']],
  ['typecheck (client)', npx, ['tsc', '-p', 'tsconfig.app.json']],
  ['format', npm, ['run', 'format:check']],
  ['typecheck (service worker)', npx, ['tsc', '-p', 'tsconfig.sw.json']],
];
const STATIC_CONCURRENCY = 2;

const phases = [
  ['static checks', runStaticChecks],
  // Built once, here: the server tests that run the built server and the end-to-end phase find
  // it fresh instead of each building it.
  ['build', () => runInherited(npm, ['run', 'build'])],
  // The route budget: what each main screen makes a browser download, read from the build's
  // chunk graph (a second or two), so a screen grown past its budget fails before the long phases.
  ['route budget', () => runInherited(npm, ['run', 'bench:bundle'])],
  ['unit and integration tests', () => runInherited(npm, ['run', 'test:unit'])],
  ['end-to-end tests', () => runInherited(npm, ['run', 'test:e2e'])],
];

function runInherited(command, args) {
  return spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
}

function runBuffered(name, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = Buffer.concat(output).toString().trim();
      if (text) console.log(text);
      console.log(`[npm test]   ${name} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

async function runStaticChecks() {
  // Route files are generated before the client typecheck reads them.
  const generated = runInherited(process.execPath, ['scripts/generate-routes.mjs']);
  if (generated !== 0) return generated;
  const queue = [...staticChecks];
  let failed = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const status = await runBuffered(...next);
      if (status !== 0) failed = status;
    }
  };
  await Promise.all(Array.from({ length: STATIC_CONCURRENCY }, worker));
  return failed;
}

const timings = [];
const started = Date.now();
for (const [name, run] of phases) {
  const phaseStart = Date.now();
  const status = await run();
  const seconds = Math.round((Date.now() - phaseStart) / 1000);
  timings.push(`${name}: ${seconds} s`);
  console.log(`\n[npm test] ${name} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (status !== 0) {
    console.log(`[npm test] phases: ${timings.join(', ')}`);
    process.exit(status);
  }
}
console.log(`[npm test] phases: ${timings.join(', ')}; total ${Math.round((Date.now() - started) / 1000)} s`);
