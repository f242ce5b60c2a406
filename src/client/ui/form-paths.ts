// Dotted paths into form values ("address.postcode", "lines.0.amount"), the same paths the
// server's field errors use (src/shared/validation.ts). Servers that write brackets
// ("lines[0].amount") are read the same way.
import type { FieldErrors } from '../../shared/app-error';

export function normalisePath(path: string): string {
  return path.replace(/\[(\w*)\]/g, '.$1').replace(/^\./, '');
}

const segments = (path: string) => normalisePath(path).split('.').filter(Boolean);

export function getPath(values: unknown, path: string): unknown {
  let current = values;
  for (const key of segments(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `values` with `value` at `path`; lists stay lists. */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = segments(path);
  if (key === undefined) return value as T;
  const current = (values ?? {}) as Record<string, unknown>;
  const next = rest.length === 0 ? value : setPath(current[key], rest.join('.'), value);
  if (Array.isArray(current)) {
    const copy = [...current];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...current, [key]: next } as T;
}

/** The server's errors keyed by normalised path, each path's messages kept in order. */
export function normaliseFieldErrors(errors: FieldErrors | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const list = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [String(messages)];
    if (list.length > 0) (result[normalisePath(path) || '_'] ??= []).push(...list);
  }
  return result;
}
