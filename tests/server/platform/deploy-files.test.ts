// The deploy files cannot be run here (no Docker engine, no systemd), so what can be checked
// without them is checked: the image builds with the steps CI runs and starts the file the
// build writes, its health check asks the readiness endpoint, and the settings the compose
// file and the systemd unit pass are ones the server accepts and the configuration guide lists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { SERVER_NODE_FLAGS as nodeFlags } from '../../support/server-node-flags';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
// Where `npm run build` writes the server (scripts/build-server.mjs).
const builtServer = /serverOutFile = path\.join\(root, '([^']+)'\)/.exec(read('scripts/build-server.mjs'))![1];

/** `KEY: value` pairs of the `environment:` block of one compose service. */
function composeEnvironment(compose: string, service: string): Record<string, string> {
  const lines = compose.split('\n');
  const start = lines.findIndex((line) => line === `  ${service}:`);
  const env: Record<string, string> = {};
  let inEnvironment = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}\S/.test(line) || /^\S/.test(line)) break;
    if (/^ {4}environment:/.test(line)) {
      inEnvironment = true;
      continue;
    }
    if (inEnvironment && /^ {4}\S/.test(line)) break;
    const [, name, value] = (inEnvironment && /^ {6}([A-Z0-9_]+): (.*)$/.exec(line)) || [];
    if (name && value !== undefined) env[name] = value.replace(/^'(.*)'$/, '$1');
  }
  return env;
}

describe('deploy files', () => {
  const configurationGuide = read('docs/configuration.md');

  it('the image is built by the steps CI runs and starts the server the build writes with the flags of npm start, as a non-root user', () => {
    const dockerfile = read('Dockerfile');
    const runs = dockerfile.split('\n').filter((line) => line.startsWith('RUN '));
    expect(runs.some((line) => line.includes('npm ci'))).toBe(true);
    expect(runs.some((line) => line.includes('npm run build'))).toBe(true);
    expect(dockerfile).toMatch(/^FROM node:22[\w.-]*/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(nodeFlags).toEqual(['--max-semi-space-size=4']);
    expect(dockerfile).toContain(`CMD ["node", ${nodeFlags.map((flag) => `"${flag}", `).join('')}"${builtServer}"]`);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/health\/ready/);
    // The operator commands run from the sources the image keeps.
    const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    for (const command of ['admin', 'backup', 'restore']) {
      const source = /(src\/\S+\.ts)/.exec(packageJson.scripts[command] ?? '')?.[1];
      expect(source, command).toBeDefined();
      expect(fs.existsSync(path.join(root, source!)), source).toBe(true);
    }
    expect(dockerfile).toMatch(/COPY --from=build \S* ?\/app\/src \.\/src/);
  });

  it("the compose file's settings are accepted by the server and listed in the configuration guide", () => {
    const env = composeEnvironment(read('compose.yaml'), 'app');
    expect(Object.keys(env).length).toBeGreaterThan(5);
    for (const name of Object.keys(env)) expect(configurationGuide, name).toContain(`\`${name}\``);
    const config = loadConfig({ ...env, DATA_DIR: '/data' }, '0.0.0');
    expect(config.files.driver).toBe('s3');
    expect(config.databaseUrl).toMatch(/^postgres:\/\/.*@db:5432\/stafflane$/);
    expect(config.publicOrigin).toBe('http://localhost:3000');
  });

  it('the systemd unit starts the built server with the flags of npm start, and its settings are ones the guide lists', () => {
    const unit = read('deploy/stafflane.service');
    expect(unit).toContain(`ExecStart=/usr/bin/node ${[...nodeFlags, builtServer].join(' ')}`);
    for (const [, name] of unit.matchAll(/^Environment=([A-Z0-9_]+)=/gm)) expect(configurationGuide, name).toContain(`\`${name}\``);
  });

  it('the reverse-proxy examples pass the realtime socket through', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/location \/api\/realtime[\s\S]*proxy_set_header Upgrade \$http_upgrade/);
    expect(read('deploy/Caddyfile')).toContain('reverse_proxy 127.0.0.1:3000');
  });
});
