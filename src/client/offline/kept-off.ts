// Which queries the persisted cache left out on purpose (special-category data, a document private
// to HR), so a page opened offline can say "Kept off this device for privacy" rather than "hasn't
// been opened on this device yet". Filled when the cache is restored; a query marked
// `meta: { sensitive: true }` counts too, whatever this list holds. A module of its own: the
// signed-in frame reads it without loading the persisted cache's chunk.
import type { Query } from '@tanstack/react-query';

const keptOff = new Set<string>();

/** The hashes of the queries the restored entry says were withheld. */
export function rememberKeptOff(hashes: readonly string[]): void {
  for (const hash of hashes) keptOff.add(hash);
}

/** The hashes remembered so far: a later write names them again, so a restore after it still knows them. */
export function rememberedKeptOff(): readonly string[] {
  return [...keptOff];
}

/** Is this query's data never kept on the device (so offline it is missing for privacy)? */
export function keptOffForPrivacy(query: Pick<Query, 'queryHash' | 'meta'> | undefined): boolean {
  if (!query) return false;
  return query.meta?.sensitive === true || keptOff.has(query.queryHash);
}

/** The value at a dot path ('person.user_id') of an answer, if there is one. */
function valueAt(data: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined),
      data,
    );
}

const isList = (data: unknown): data is { results: unknown[] } =>
  typeof data === 'object' && data !== null && Array.isArray((data as { results?: unknown }).results);

/**
 * Is this answer `userId`'s own: one of `paths` holds their id (their incident report, their
 * return-to-work form)? A list is theirs only when every item is (an empty one included). What a
 * query marks `keptIfOwn` is kept on the device only then.
 */
export function ownedBy(data: unknown, paths: readonly string[], userId: string | null | undefined): boolean {
  if (!userId) return false;
  const own = (item: unknown) => paths.some((path) => valueAt(item, path) === userId);
  return isList(data) ? data.results.every(own) : own(data);
}
