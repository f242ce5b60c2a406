import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.two_factor_secret'], censor: '[redacted]' },
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}

/** A page load fetches dozens of files; their successful requests would bury the API's in the log. */
const isQuietRequest = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$|\?)/.test(request.url);

/**
 * One line per request at completion, with the request on it: at info for API calls, writes
 * and anything that failed; at debug for successful reads of the app's files.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const details = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...details, err: error }, 'request errored');
    else if (reply.statusCode < 400 && isQuietRequest(request)) reply.log.debug(details, 'request completed');
    else reply.log.info(details, 'request completed');
  }
}
