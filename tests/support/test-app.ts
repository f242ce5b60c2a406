// The app as tests drive it: a fresh cloned database, app.inject, and either the product's
// authenticator (realAuth) or a test-only one ("Bearer test.<base64url session>") that
// lets platform tests choose any session without signing in.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pino from 'pino';
import type { AppDeps } from '../../src/server/app-deps';
import { buildApp, createAppDeps } from '../../src/app/server/app';
import { serverModules } from '../../src/app/server/modules';
import type { ServerModule } from '../../src/server/server-module';
import { loadConfig, type Config } from '../../src/server/config';
import type { Authenticator, Session } from '../../src/server/plugins/request-context';
import type { PermissionEntry } from '../../src/shared/scopes';
import { createTestDatabase, type TestDatabase } from './test-db';

export type TestApp = { app: FastifyInstance; deps: AppDeps; database: TestDatabase; config: Config; close: () => Promise<void> };

// Every injected request comes from 127.0.0.1, so the sign-in limit per client address is
// lifted unless a test sets it (login-throttle.test.ts does).
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '.tmp/test-data',
      CLIENT_DIST_DIR: '.tmp/no-client',
      LOGIN_CLIENT_MAX_ATTEMPTS: '100000',
      // Administrators' fixtures sign in without a code; tests/server/companies/administrators.test.ts turns it on.
      ADMIN_TWO_FACTOR: '0',
      // A start's catch-up runs are queued as the jobs start, as the jobs tests count on.
      JOBS_CATCH_UP_DELAY_MS: '0',
      // pg-boss starts beside the app and the start waits for it, as the jobs tests count on.
      JOBS_START_DELAY_MS: '0',
      ...env,
    },
    '0.0.0-test',
  );
}

export const testAuthenticator: Authenticator = async (request) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer test.')) return null;
  return JSON.parse(Buffer.from(header.slice('Bearer test.'.length), 'base64url').toString('utf8')) as Session;
};

export function testSession(overrides: Partial<Session> & { permissions?: PermissionEntry[] } = {}): Session {
  return {
    userId: overrides.userId ?? crypto.randomUUID(),
    companyId: overrides.companyId === undefined ? crypto.randomUUID() : overrides.companyId,
    departmentIds: overrides.departmentIds ?? [],
    permissions: overrides.permissions ?? [],
    sessionId: overrides.sessionId ?? crypto.randomUUID(),
    impersonatorId: overrides.impersonatorId ?? null,
    status: overrides.status ?? 'active',
  };
}

export function authHeader(session: Session): { authorization: string } {
  return { authorization: `Bearer test.${Buffer.from(JSON.stringify(session)).toString('base64url')}` };
}

/** The product's modules, less the pending counters the test's own modules declare. */
export function withoutCountersOf(product: readonly ServerModule[], extra: readonly ServerModule[]): ServerModule[] {
  const taken = new Set(extra.flatMap((module) => Object.keys(module.counters ?? {})));
  if (taken.size === 0) return [...product];
  return product.map((module) =>
    module.counters
      ? { ...module, counters: Object.fromEntries(Object.entries(module.counters).filter(([key]) => !taken.has(key))) }
      : module,
  );
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Route plugins of the test, mounted as one test-only module after the product's. */
    plugins?: FastifyPluginAsync<{ deps: AppDeps }>[];
    /**
     * Further modules, registered after the product's (the module-kit tests use this). A
     * pending-count key such a module counts is taken from the product module counting it.
     */
    modules?: readonly ServerModule[];
    realAuth?: boolean;
    sms?: AppDeps['sms'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const deps = createAppDeps({
    config,
    db: database.db,
    logger: pino({ level: 'silent' }),
    authenticate: options.realAuth ? undefined : testAuthenticator,
    modules: [
      ...withoutCountersOf(serverModules, options.modules ?? []),
      ...(options.modules ?? []),
      ...(options.plugins ?? []).map((routes, index): ServerModule => ({ name: `test-routes-${index}`, routes })),
    ],
    ...(options.sms ? { sms: options.sms } : {}),
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
