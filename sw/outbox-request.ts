// Which requests the outbox takes (same-origin /api writes the page marked queueable) and how
// one becomes a stored record: its bytes as sent, its Idempotency-Key as the item's id, the
// user read from the token's claims — but never the token itself, which replays do not use.
import {
  IDEMPOTENCY_KEY_HEADER,
  OUTBOX_FORM_ACTION_HEADER,
  OUTBOX_FORM_HEADER,
  OUTBOX_LABEL_HEADER,
  OUTBOX_RESOURCE_HEADER,
} from '../src/shared/constants';
import { decodeTokenPayload } from '../src/shared/token-payload';
import type { OutboxRecord } from './outbox-store';

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);
/** Left out of the stored request: the token (replays use the one pages mirror) and the outbox's own marks. */
const NOT_STORED = new Set([
  'authorization',
  OUTBOX_RESOURCE_HEADER.toLowerCase(),
  OUTBOX_LABEL_HEADER.toLowerCase(),
  OUTBOX_FORM_HEADER.toLowerCase(),
  OUTBOX_FORM_ACTION_HEADER.toLowerCase(),
]);

export function isOutboxRequest(request: Request, origin: string): boolean {
  if (!WRITE_METHODS.has(request.method) || !request.headers.has(OUTBOX_RESOURCE_HEADER)) return false;
  const url = new URL(request.url);
  return url.origin === origin && url.pathname.startsWith('/api/');
}

/** The user_id claim of a bearer token (read, not verified: the server checks every call). */
export function userIdOfToken(token: string | null | undefined): string | null {
  const userId = decodeTokenPayload(token)?.user_id;
  return typeof userId === 'string' && userId !== '' ? userId : null;
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

function decodedHeader(request: Request, name: string): string {
  const raw = request.headers.get(name) ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The page's own path of the form that made the write, or the name of a dialog the app opens over
 * any page ("#contact-support"); anything else (another site) is not kept.
 */
function formOf(request: Request): string | undefined {
  const form = decodedHeader(request, OUTBOX_FORM_HEADER);
  const path = form.startsWith('/') && !form.startsWith('//');
  return path || /^#[a-z-]+$/.test(form) ? form : undefined;
}

/**
 * The record a queueable request would be stored as (state `waiting`), and the same request
 * ready to send now: with an Idempotency-Key added when the page sent none, so the attempt
 * made now and any replay later are one write to the server.
 */
export async function captureRequest(
  request: Request,
  options: { userId: string; newId: () => string; now: number; order: number },
): Promise<{ record: OutboxRecord; sendNow: RequestInit }> {
  const bytes = await request.clone().arrayBuffer();
  const body = bytes.byteLength > 0 ? bytes : null;
  const id = request.headers.get(IDEMPOTENCY_KEY_HEADER) || options.newId();
  const sendNow = new Headers(request.headers);
  sendNow.set(IDEMPOTENCY_KEY_HEADER, id);
  const stored: Array<[string, string]> = [];
  sendNow.forEach((value, name) => {
    if (!NOT_STORED.has(name)) stored.push([name, value]);
  });
  const record: OutboxRecord = {
    id,
    userId: options.userId,
    resource: request.headers.get(OUTBOX_RESOURCE_HEADER) ?? '',
    label: decodedHeader(request, OUTBOX_LABEL_HEADER),
    method: request.method,
    url: request.url,
    headers: stored,
    body,
    state: 'waiting',
    createdAt: options.now,
    order: options.order,
    nextAttemptAt: null,
    syncedAt: null,
    attempts: 0,
    error: null,
  };
  const form = formOf(request);
  if (form) record.form = form;
  // The words of the button that opens the form, kept only with the form they open.
  const formAction = form ? decodedHeader(request, OUTBOX_FORM_ACTION_HEADER).trim().slice(0, 60) : '';
  if (formAction) record.formAction = formAction;
  return { record, sendNow: { method: request.method, headers: sendNow, body } };
}

/**
 * A write the worker makes itself (a notification's Approve), stored as a page's queued write
 * would be: JSON body, its own Idempotency-Key as the id, waiting to be sent.
 */
export function workerRecord(input: {
  id: string;
  userId: string;
  resource: string;
  label: string;
  method: string;
  url: string;
  body: unknown;
  now: number;
}): OutboxRecord {
  return {
    id: input.id,
    userId: input.userId,
    resource: input.resource,
    label: input.label,
    method: input.method,
    url: input.url,
    headers: [
      ['content-type', 'application/json'],
      [IDEMPOTENCY_KEY_HEADER.toLowerCase(), input.id],
    ],
    body: new TextEncoder().encode(JSON.stringify(input.body ?? {})).buffer as ArrayBuffer,
    state: 'waiting',
    createdAt: input.now,
    order: input.now,
    nextAttemptAt: null,
    syncedAt: null,
    attempts: 0,
    error: null,
  };
}
