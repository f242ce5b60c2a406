// Composes the server from plugins: platform (errors, security, request context,
// idempotency), then the modules' routes, then the built client.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
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
  /** Extra route plugins, registered after the product's modules (tests use this). */
  plugins?: FastifyPluginAsync<{ deps: AppDeps }>[];
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Wake after committing a transaction that enqueued e-mail (enqueueEmail). */
    mail: MailDispatcher;
  }
}

const requestIdPattern = /^[\w.-]{1,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
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

  for (const plugin of [...serverModules, realtimeRoutes, ...(deps.plugins ?? [])]) await app.register(plugin, { deps });
  await registerStaticApp(app, deps.config.clientDistDir);
  return app;
}
