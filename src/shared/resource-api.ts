// Shapes of the generic resource API that client, server and service worker share.
import type { FieldErrors } from './app-error';

/** Body of `POST /api/{resource}/bulk`. */
export type BulkBody<TAction extends string = string, TData = unknown> = { action: TAction; data: TData };

/**
 * Answer of `POST /api/{resource}/validate`: always 200, `errors` empty when the form is
 * valid. The validate call is a question, so a "no" is an answer rather than a failed
 * request; its map has the same shape as a 422's `errors`, so one mapper serves both.
 */
export type ValidateResponse = { errors: FieldErrors };

/** Set on a response that was replayed from a stored first response of the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Paths of one resource; `DELETE` answers 204 with no body. */
export function resourcePath(name: string, id?: string): string {
  return id === undefined ? `/api/${name}` : `/api/${name}/${encodeURIComponent(id)}`;
}
