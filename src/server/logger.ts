// The server's log: JSON lines for log collectors, or (in a terminal, LOG_PRETTY) one short
// readable line per request. Nothing secret is written: authorisation headers and passwords
// are redacted, and a token in a request's path or query (calendar feeds, shared payroll
// links, e-mailed links) is logged as [token].
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** pino-pretty's options: a request's line says it all in its message (RequestLogController); its fields would add a dozen lines. */
export const PRETTY_OPTIONS = { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime,problem' };

export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.two_factor_secret'], censor: '[redacted]' },
    ...(config.logPretty ? { transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } } : {}),
  });
}

/** Route and query parameters whose values are secrets: /api/calendar/:token.ics, ?token=… */
const SECRET_NAME = /token|secret|password|signature|key|code/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WORDS = /^[a-z]+(?:[-_][a-z]+)*$/;
/** A path segment that looks like a random token: long, opaque, and neither an id nor words. */
const looksLikeToken = (segment: string) => segment.length >= 24 && /^[\w-]+$/.test(segment) && !UUID.test(segment) && !WORDS.test(segment);

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=');
      return value !== undefined && SECRET_NAME.test(decodeURIComponentSafe(name)) ? `${name}=[token]` : pair;
    })
    .join('&');
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The request's URL as the log may show it. A route with a secret parameter is written as its
 * pattern with that parameter as [token] (`/api/calendar/[token].ics`); a path no route matched
 * has its token-like segments hidden; secret query parameters lose their values.
 */
export function loggableUrl(url: string, route?: { pattern: string | undefined; params: unknown }): string {
  const at = url.indexOf('?');
  let path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : `?${redactQuery(url.slice(at + 1))}`;
  const params = (route?.params ?? {}) as Record<string, unknown>;
  if (route?.pattern && Object.keys(params).some((name) => SECRET_NAME.test(name))) {
    path = route.pattern.replace(/:(\w+)/g, (_whole, name: string) =>
      SECRET_NAME.test(name) ? '[token]' : encodeURIComponent(String(params[name] ?? '')),
    );
  } else if (!route?.pattern) {
    path = path
      .split('/')
      .map((segment) => {
        const dot = segment.lastIndexOf('.');
        const stem = dot > 0 ? segment.slice(0, dot) : segment;
        return looksLikeToken(stem) ? `[token]${dot > 0 ? segment.slice(dot) : ''}` : segment;
      })
      .join('/');
  }
  return `${path}${query}`;
}

export function requestUrlForLog(request: FastifyRequest): string {
  const pattern = request.routeOptions?.url;
  // Fastify's catch-all (the built client, 404s) has the pattern "*": no parameters to go by.
  return loggableUrl(request.url, {
    pattern: pattern && pattern !== '*' && !pattern.includes('*') ? pattern : undefined,
    params: request.params,
  });
}

/** Fastify's request fields, with the URL as the log may show it. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.routeOptions === 'object' ? requestUrlForLog(request) : loggableUrl(String(request.url ?? '')),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger: requests written through serializeRequest whatever logger the app was given. */
export function appLogger(logger: Logger): Logger {
  return logger.child({}, { serializers: { req: serializeRequest } });
}

/** The message of a refused request (4xx), for its completion line: the error handler notes it. */
const problems = new WeakMap<FastifyRequest, string>();
export function noteRequestProblem(request: FastifyRequest, message: string): void {
  problems.set(request, message);
}

/** A page load fetches dozens of files; their successful requests would bury the API's in the log. */
const isQuietRequest = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$|\?)/.test(request.url);

/**
 * One line per request at completion, with the request on it: at info for API calls, writes
 * and anything that failed; at debug for successful reads of the app's files. Pretty (a
 * terminal), the message is the line: `GET /api/version 200 3.1 ms`.
 */
export class RequestLogController extends LogController {
  constructor(private readonly pretty = false) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, this.pretty ? `${request.method} ${requestUrlForLog(request)}` : 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const problem = problems.get(request);
    const details = { req: request, res: reply, responseTime, ...(problem ? { problem } : {}) };
    const message = this.pretty
      ? `${request.method} ${requestUrlForLog(request)} ${reply.statusCode} ${responseTime} ms${problem ? ` — ${problem}` : ''}`
      : error
        ? 'request errored'
        : 'request completed';
    if (error) reply.log.error({ ...details, err: error }, message);
    else if (reply.statusCode < 400 && isQuietRequest(request)) reply.log.debug(details, message);
    else reply.log.info(details, message);
  }
}
