// Composes the server from plugins: platform (errors, security, request context,
// idempotency), then the registered modules' routes, then the built client.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { createAuthenticator } from '../modules/auth/server/authenticator';
import { JSON_BODY_LIMIT_BYTES } from '../shared/constants';
import { parseQuery } from '../shared/query-string';
import { registerImpersonationAudit } from './audit/impersonation-audit';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerFiles } from './files/files.plugin';
import { RequestLogController } from './logger';
import { createMailDispatcher, type MailDispatcher } from './mail/mail-dispatcher';
import { serverModules } from './modules';
import type { ServerModule } from './server-module';
import { registerErrorHandler } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerRequestContext, type Authenticator } from './plugins/request-context';
import { registerSecurity } from './plugins/security';
import { registerStaticApp } from './plugins/static-app';
import { realtimeRoutes } from './realtime/realtime.routes';
import type { SmsSender } from './sms/sms-sender';

export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  authenticate?: Authenticator;
  /** Sends text messages (two-factor codes); default: none sent, a warning logged. */
  sms?: SmsSender;
  /** Where realtime fan-out LISTENs (one connection per process); unset → sockets get replay but no live events. */
  listenUrl?: string;
  /** The modules the app is made of (src/server/modules.ts; tests add their own). */
  modules: readonly ServerModule[];
};

/** What buildApp needs: the app is made of the product's modules unless told otherwise. */
export type AppOptions = Omit<AppDeps, 'modules'> & { modules?: readonly ServerModule[] };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Wake after committing a transaction that enqueued e-mail (enqueueEmail). */
    mail: MailDispatcher;
  }
}

const requestIdPattern = /^[\w.-]{1,64}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const deps: AppDeps = { ...options, modules: options.modules ?? serverModules };
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new RequestLogController(),
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
  });
  app.decorate('deps', deps);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurity(app, deps.config);
  registerRequestContext(app, deps.authenticate ?? createAuthenticator(deps));
  registerImpersonationAudit(app, deps.db);
  registerIdempotency(app, deps.db);
  await registerFiles(app, deps);
  const mail = createMailDispatcher({ db: deps.db, logger: deps.logger, ...deps.config.mail, intervalMs: deps.config.mail.pollMs });
  app.decorate('mail', mail);
  app.addHook('onClose', async () => mail.stop());

  app.get('/api/version', { config: { access: 'public' } }, async () => ({ version: deps.config.version }));
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok', database: 'ok', version: deps.config.version };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable', version: deps.config.version });
    }
  });

  for (const module of deps.modules) if (module.routes) await app.register(module.routes, { deps });
  await app.register(realtimeRoutes, { deps });
  await registerStaticApp(app, deps.config.clientDistDir);
  return app;
}
