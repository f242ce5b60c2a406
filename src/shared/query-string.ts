// The query-string format of the resource API: bracket arrays (`status[]=a`),
// empty and null values skipped, and a few filters that are always lists.

export const LIST_KEYS: readonly string[] = ['tags', 'tag_ids', 'status'];

export type QueryValue = string | number | boolean | null | undefined | Date;
export type QueryInput = Record<string, QueryValue | readonly QueryValue[] | Record<string, QueryValue>>;
export type ParsedQuery = Record<string, string | string[] | Record<string, string>>;

function isSkipped(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function encodeValue(value: QueryValue): string {
  if (value instanceof Date) return encodeURIComponent(value.toISOString());
  return encodeURIComponent(String(value));
}

export function stringifyQuery(input: QueryInput): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const name = encodeURIComponent(key);
    const value = LIST_KEYS.includes(key) && !Array.isArray(raw) && !isSkipped(raw) ? [raw] : raw;
    if (Array.isArray(value)) {
      for (const item of value as QueryValue[]) {
        if (!isSkipped(item)) parts.push(`${name}[]=${encodeValue(item)}`);
      }
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [sub, item] of Object.entries(value)) {
        if (!isSkipped(item)) parts.push(`${name}[${encodeURIComponent(sub)}]=${encodeValue(item)}`);
      }
    } else if (!isSkipped(value)) {
      parts.push(`${name}=${encodeValue(value as QueryValue)}`);
    }
  }
  return parts.join('&');
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

const bracketed = /^([^[\]]+)\[([^[\]]*)\]$/;

export function parseQuery(search: string): ParsedQuery {
  const result: ParsedQuery = Object.create(null) as ParsedQuery;
  const text = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (value === '' || value === 'null' || rawKey === '' || rawKey === '__proto__') continue;
    const match = bracketed.exec(rawKey);
    if (match) {
      const [, key = '', sub = ''] = match;
      if (key === '__proto__') continue;
      if (sub === '' || /^\d+$/.test(sub)) {
        const current = result[key];
        result[key] = Array.isArray(current) ? [...current, value] : typeof current === 'string' ? [current, value] : [value];
      } else {
        const current = result[key];
        const object = current && typeof current === 'object' && !Array.isArray(current) ? current : {};
        object[sub] = value;
        result[key] = object;
      }
      continue;
    }
    const current = result[rawKey];
    if (Array.isArray(current)) current.push(value);
    else if (typeof current === 'string') result[rawKey] = [current, value];
    else result[rawKey] = value;
  }
  for (const key of LIST_KEYS) {
    const value = result[key];
    if (typeof value === 'string') result[key] = [value];
  }
  return { ...result };
}
