// Composes the server from plugins: platform (errors, security, request context,
// idempotency), then the registered modules' routes, then the built client.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createAuthenticator, createTokenReader } from '../../modules/auth/server/authenticator';
import { JSON_BODY_LIMIT_BYTES } from '../../shared/constants';
import { parseQuery } from '../../shared/query-string';
import { registerImpersonationAudit } from '../../server/audit/impersonation-audit';
import type { AppDeps, AppOptions } from '../../server/app-deps';
import { registerFiles } from '../../server/files/files.plugin';
import { createHealthChecks, registerHealthRoutes } from '../../server/health';
import { registerBatchRead } from '../../server/http/batch-read';
import { registerVersionedReads } from '../../server/http/versioned-read';
import { appLogger, RequestLogController } from '../../server/logger';
import { createMailDispatcher } from '../../server/mail/mail-dispatcher';
import { serverModules } from './modules';
import { declareTodoKinds } from '../../server/notifications/todo-kinds';
import { registerCompression } from '../../server/plugins/compression';
import { registerErrorHandler } from '../../server/plugins/errors';
import { registerIdempotency } from '../../server/plugins/idempotency';
import { registerRequestContext } from '../../server/plugins/request-context';
import { registerSecurity } from '../../server/plugins/security';
import { registerStaticApp } from '../../server/plugins/static-app';
import { realtimeRoutes } from '../../server/realtime/realtime.routes';
import type { VersionResponse } from '../../shared/version';

/** The app's dependencies: the options given, with the product's modules and a mail dispatcher unless given. */
export function createAppDeps(options: AppOptions): AppDeps {
  const mail =
    options.mail ??
    createMailDispatcher({ db: options.db, logger: options.logger, ...options.config.mail, intervalMs: options.config.mail.pollMs });
  const modules = options.modules ?? serverModules;
  declareTodoKinds(modules);
  // One object for both: the token signing key is read once per app.
  const auth = { config: options.config, db: options.db };
  return {
    ...options,
    modules,
    mail,
    authenticate: options.authenticate ?? createAuthenticator(auth),
    readToken: options.readToken ?? createTokenReader(auth),
  };
}

const requestIdPattern = /^[\w.-]{1,64}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const deps = createAppDeps(options);
  const app = Fastify({
    loggerInstance: appLogger(deps.logger) as FastifyBaseLogger,
    logController: new RequestLogController(deps.config.logPretty),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    routerOptions: {
      querystringParser: (text: string) => parseQuery(text),
      ignoreTrailingSlash: true,
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A first start writes the demo's files in onReady hooks (receipts, generated and sealed
    // PDFs), which a busy machine can take longer than Fastify's 10 s default over.
    pluginTimeout: 60_000,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  // Before any route: it hooks each route as it is added.
  await registerCompression(app);
  await registerSecurity(app, deps.config);
  registerRequestContext(app, deps.authenticate);
  registerImpersonationAudit(app, deps.db);
  registerIdempotency(app, deps.db);
  registerVersionedReads(app, deps.db);
  await registerFiles(app, deps);
  app.addHook('onClose', async () => deps.mail.stop());

  app.get('/api/version', { config: { access: 'public' } }, async (): Promise<VersionResponse> => ({
    version: deps.config.version,
    app_store_url: deps.config.appStores.ios,
    play_store_url: deps.config.appStores.android,
  }));
  app.decorate('healthChecks', createHealthChecks({ deps, storage: app.fileStorage, logger: deps.logger }));
  registerHealthRoutes(app, deps);
  // Several reads in one request, each through its own route (the dashboard's cards).
  registerBatchRead(app);

  for (const module of deps.modules) if (module.routes) await app.register(module.routes, { deps });
  await app.register(realtimeRoutes, { deps });
  await registerStaticApp(app, deps.config.clientDistDir);
  return app;
}
