// The one error type of the product: thrown by domain code on both sides, turned into a
// response only by the server's error handler, and rebuilt from a response by the client.

export type FieldErrors = Record<string, string[]>;

export const AppErrorCodes = {
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  idempotency_in_flight: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  validation: 422,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof AppErrorCodes;

const defaultMessages: Record<AppErrorCode, string> = {
  badRequest: 'The request could not be understood.',
  unauthenticated: 'Please sign in again.',
  forbidden: 'You are not allowed to view this content.',
  notFound: 'Not found.',
  conflict: 'This conflicts with a change made elsewhere.',
  idempotency_in_flight: 'This request is still being processed. Please retry shortly.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This type of file or content is not accepted.',
  validation: 'Please check provided details.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Unexpected error occurred.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
};

export type AppErrorOptions = {
  message?: string;
  fieldErrors?: FieldErrors;
  status?: number;
  cause?: unknown;
  /** Further fields of the response body beside code and message (a refused sign-in's outcome). */
  payload?: Record<string, unknown>;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly payload: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? defaultMessages[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? AppErrorCodes[code];
    this.fieldErrors = options.fieldErrors;
    this.payload = options.payload;
  }

  static validation(fieldErrors: FieldErrors, message?: string): AppError {
    return new AppError('validation', { fieldErrors, ...(message ? { message } : {}) });
  }

  static notFound(message?: string): AppError {
    return new AppError('notFound', message ? { message } : {});
  }

  static forbidden(message?: string): AppError {
    return new AppError('forbidden', message ? { message } : {});
  }

  /** The JSON body every error response carries. */
  toBody(): ErrorBody {
    return {
      ...this.payload,
      code: this.code,
      message: this.message,
      ...(this.fieldErrors ? { errors: this.fieldErrors } : {}),
    };
  }
}

export type ErrorBody = { code: string; message: string; errors?: FieldErrors };

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function messageForStatus(status: number): string {
  const entry = Object.entries(AppErrorCodes).find(([, s]) => s === status);
  return entry ? defaultMessages[entry[0] as AppErrorCode] : defaultMessages.internal;
}
