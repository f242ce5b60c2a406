// `npm test`: every check CI runs, in order, stopping at the first that fails, with the time
// each phase took (CI's budget is watched phase by phase).
import { spawnSync } from 'node:child_process';

const phases = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and integration tests', ['run', 'test:unit']],
  ['end-to-end tests', ['run', 'test:e2e']],
  // The bundle budget: uses the build the end-to-end phase made.
  ['bundle budget', ['run', 'bench:bundle']],
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const timings = [];
const started = Date.now();
for (const [name, args] of phases) {
  const phaseStart = Date.now();
  const result = spawnSync(npm, args, { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - phaseStart) / 1000);
  timings.push(`${name}: ${seconds} s`);
  console.log(`\n[npm test] ${name} ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (result.status !== 0) {
    console.log(`[npm test] phases: ${timings.join(', ')}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`[npm test] phases: ${timings.join(', ')}; total ${Math.round((Date.now() - started) / 1000)} s`);
