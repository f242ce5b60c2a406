// The only place that writes error responses: AppError as its own status and message,
// Fastify's client errors as JSON with a plain message, everything else a 500 that never
// shows its internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, messageForStatus } from '../../shared/app-error';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, UNIQUE_VIOLATION } from '../db/pg-errors';
import { noteRequestProblem } from '../logger';

const clientErrorCodes: Record<string, { code: ConstructorParameters<typeof AppError>[0]; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'badRequest', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'badRequest', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'badRequest', message: 'The request length is not valid.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payloadTooLarge', message: 'The file is too large.' },
  FST_PARTS_LIMIT: { code: 'payloadTooLarge', message: 'Too many parts in the upload.' },
  FST_FILES_LIMIT: { code: 'payloadTooLarge', message: 'Too many files in the upload.' },
  FST_FIELDS_LIMIT: { code: 'payloadTooLarge', message: 'Too many fields in the upload.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupportedMediaType', message: 'Expected a multipart upload.' },
};

/**
 * PostgreSQL refusing a value the contract let through (a NUL in text, a number or date out
 * of range) is bad input, not a server fault; a unique or foreign-key violation is a conflict
 * with data that exists (or not). Schemas should catch these first; this keeps them out of 5xx.
 */
function fromPostgres(error: { code?: unknown; routine?: unknown }): AppError | undefined {
  if (typeof error.code !== 'string' || typeof error.routine !== 'string' || !/^[0-9A-Z]{5}$/.test(error.code)) return undefined;
  if (error.code.startsWith('22')) return new AppError('validation', { message: 'Please check provided details.' });
  if (error.code === UNIQUE_VIOLATION) return new AppError('conflict', { message: 'This record exists already.' });
  if (error.code === FOREIGN_KEY_VIOLATION) return new AppError('conflict', { message: 'This refers to a record that does not exist.' });
  // A delete (or key change) an ON DELETE RESTRICT foreign key refuses: other records use it.
  if (error.code === RESTRICT_VIOLATION) return new AppError('conflict', { message: 'This record is in use.' });
  return undefined;
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const database = typeof error === 'object' && error !== null ? fromPostgres(error) : undefined;
  if (database) return database;
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? clientErrorCodes[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message ? { message: known.message } : {});
  const status = fastifyError.statusCode;
  if (status === 429) return new AppError('rateLimited');
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('badRequest', { status, message: messageForStatus(status) });
  }
  return new AppError('internal', { cause: error });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else {
      // The request's completion line carries the message: one line per request.
      noteRequestProblem(request, appError.message);
      request.log.debug({ code: appError.code, status: appError.status }, appError.message);
    }
    if (appError.code === 'rateLimited') {
      const retryAfter = reply.getHeader('retry-after');
      if (retryAfter === undefined) reply.header('retry-after', '60');
    }
    return reply.status(appError.status).type('application/json; charset=utf-8').send(appError.toBody());
  });
}
