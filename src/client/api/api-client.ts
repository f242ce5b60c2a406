// The one way the client calls /api: the stored bearer token, JSON both ways (or a multipart
// FormData body up, for files),
// the bracket query format, an Idempotency-Key on every write, and any status of 300 or more
// thrown as an ApiError. A 401 to a request that carried a token means the session is gone:
// the token is cleared and the page reloads into the sign-in screen. Toasts are not shown
// here but by the query client (src/client/api/query-client.ts), which knows queries from mutations.
// A write marked `queue` is first checked against its contract (a 422 like the server's when
// it does not fit, sent nowhere), then may come back 202 QueuedResponse from the service
// worker's outbox: it is returned to the caller, which shows it as waiting to sync.
import { AppError, AppErrorCodes, messageForStatus, type AppErrorCode, type FieldErrors } from '../../shared/app-error';
import {
  IDEMPOTENCY_KEY_HEADER,
  OUTBOX_FORM_ACTION_HEADER,
  OUTBOX_FORM_HEADER,
  OUTBOX_LABEL_HEADER,
  OUTBOX_RESOURCE_HEADER,
} from '../../shared/constants';
import { stringifyQuery, type QueryInput } from '../../shared/query-string';
import type { QueuedResponse } from '../../shared/sw-messages';
import { clearToken, getToken } from '../auth/token-store';
import { reloadPage } from '../shell/reload-page';
import { contractRefusal, type OutboxMark } from './outbox-mark';

export type { OutboxMark } from './outbox-mark';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ApiRequest = {
  method?: ApiMethod;
  query?: QueryInput;
  /** Sent as JSON, or as multipart when it is a FormData (a file with its fields); leave undefined for no body. */
  body?: unknown;
  signal?: AbortSignal;
  /** The same key for every attempt of one write (the outbox will retry with it); a new key per call otherwise. */
  idempotencyKey?: string;
  /** False for calls whose 401 is an answer rather than a lost session, such as logout. */
  handleUnauthorised?: boolean;
  /** False for the refresh call itself, which must not wait for a fresh token. */
  freshToken?: boolean;
  /** Queueable: checked against its contract first; with no network the service worker keeps it and answers 202 QueuedResponse. */
  queue?: OutboxMark;
};

/** The headers that mark a write queueable; the label is URI-encoded because headers are Latin-1. */
export function outboxHeaders(mark: OutboxMark): Record<string, string> {
  return {
    [OUTBOX_RESOURCE_HEADER]: mark.resource,
    [OUTBOX_LABEL_HEADER]: encodeURIComponent(mark.label),
    ...(mark.form ? { [OUTBOX_FORM_HEADER]: encodeURIComponent(mark.form) } : {}),
    ...(mark.form && mark.formAction ? { [OUTBOX_FORM_ACTION_HEADER]: encodeURIComponent(mark.formAction) } : {}),
  };
}

export class ApiError extends AppError {
  /** The parsed JSON body of the response (undefined when it had none). */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(codeForStatus(status), { status, message: messageFrom(body) ?? messageForStatus(status), fieldErrors: fieldErrorsFrom(body) });
    this.name = 'ApiError';
    this.body = body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server would not let the caller have it (signed out, or no permission): a card that shows it hides instead. */
export function isAccessRefused(error: unknown): boolean {
  return isApiError(error, 401) || isApiError(error, 403);
}

/**
 * Set by the identity module (src/modules/auth/client/token-refresh.ts): resolves once the
 * stored token is fresh enough to send, so a call made after the device slept or came back
 * online does not go out with an expired token and lose the session to its 401.
 */
let tokenRefresher: (() => Promise<void>) | null = null;

export function setTokenRefresher(refresher: (() => Promise<void>) | null): void {
  tokenRefresher = refresher;
}

/** Resolves once the stored token is fresh enough to send (see setTokenRefresher). */
export async function freshToken(): Promise<void> {
  if (tokenRefresher) await tokenRefresher();
}

/**
 * Set for a moment by the read batch (src/client/api/read-batch.ts) while reads started together
 * are collected: a plain GET made then joins the batch, which answers it as this function would.
 */
type ReadCollector = (path: string, request: ApiRequest) => Promise<unknown>;
let readCollector: ReadCollector | null = null;

/** Runs `start` with GETs going to `collector` instead of the network; returns what it returns. */
export function collectingReads<T>(collector: ReadCollector, start: () => T): T {
  const outer = readCollector;
  readCollector = collector;
  try {
    return start();
  } finally {
    readCollector = outer;
  }
}

export function apiFetch<T>(path: string, request: ApiRequest & { queue: OutboxMark }): Promise<T | QueuedResponse>;
export function apiFetch<T>(path: string, request?: ApiRequest): Promise<T>;
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T | QueuedResponse> {
  const method = request.method ?? 'GET';
  // Checked before anything is awaited: the collection lasts only while the reads are started.
  if (readCollector && method === 'GET' && request.freshToken !== false && request.handleUnauthorised !== false)
    return readCollector(path, request) as Promise<T>;
  // What the server would refuse is refused here, before the write can wait in the outbox.
  const refusal = request.queue && method !== 'GET' ? contractRefusal(request.queue, request.body) : null;
  if (refusal) throw new ApiError(422, refusal);
  // Chosen once per call, so whatever happens to this request (sent now, queued, replayed) it is one write.
  const idempotencyKey = method === 'GET' ? null : (request.idempotencyKey ?? newIdempotencyKey());
  if (request.freshToken !== false) await freshToken();
  const headers = new Headers({ accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  if (request.queue && method !== 'GET') for (const [name, value] of Object.entries(outboxHeaders(request.queue))) headers.set(name, value);
  let body: string | FormData | undefined;
  if (request.body instanceof FormData) {
    // The browser writes the multipart content-type with its boundary.
    body = request.body;
  } else if (request.body !== undefined) {
    // No content-type without a body: Fastify refuses an empty JSON body.
    headers.set('content-type', 'application/json');
    body = JSON.stringify(request.body);
  }

  const response = await fetch(apiUrl(path, request.query), { method, headers, body, signal: request.signal });
  // A queued answer (202 QueuedResponse) is returned as it is: the caller tells it apart with isQueuedResponse.
  return answerOf<T | QueuedResponse>({ status: response.status, body: await readBody(response), token, request });
}

/**
 * What a call answers given its response: the body, or an ApiError for a status of 300 or more.
 * A 401 to a call that carried a token means the session is gone: the token is cleared and the
 * page reloads into the sign-in screen.
 */
export function answerOf<T>({
  status,
  body,
  token,
  request,
}: {
  status: number;
  body: unknown;
  token: string | null;
  request: ApiRequest;
}): T {
  if (status >= 300) {
    if (status === 401 && token && request.handleUnauthorised !== false) {
      clearToken();
      reloadPage();
    }
    throw new ApiError(status, body);
  }
  return body as T;
}

/** The API address of `path` with its query, absolute so the same code runs in the browser and under test. */
export function apiUrl(path: string, query?: QueryInput): string {
  const base = new URL(path, window.location.origin).toString();
  const search = query ? stringifyQuery(query) : '';
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts; a plain-http LAN install still needs keys.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function codeForStatus(status: number): AppErrorCode {
  const known = (Object.keys(AppErrorCodes) as AppErrorCode[]).find((code) => AppErrorCodes[code] === status);
  return known ?? (status >= 500 ? 'internal' : 'badRequest');
}

function messageFrom(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function fieldErrorsFrom(body: unknown): FieldErrors | undefined {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as FieldErrors) : undefined;
}
