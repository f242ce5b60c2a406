// Paging of every list of the resource API.

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export type ListResponse<T> = { results: T[]; count: number; next_offset: number };

export type Paging = { offset: number; limit: number };

/** `page` n maps to offset (n-1)·limit; an explicit offset wins over a page. */
export function pagingFrom(query: { offset?: unknown; limit?: unknown; page?: unknown }): Paging {
  const limit = clampInt(query.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  if (query.offset !== undefined) return { limit, offset: clampInt(query.offset, 0, 0, Number.MAX_SAFE_INTEGER) };
  const page = clampInt(query.page, 1, 1, Number.MAX_SAFE_INTEGER);
  return { limit, offset: (page - 1) * limit };
}

export function listResponse<T>(results: T[], count: number, paging: Paging): ListResponse<T> {
  return { results, count, next_offset: paging.offset + results.length };
}

/** The infinite variant stops when next_offset >= count. */
export function hasNextPage(page: Pick<ListResponse<unknown>, 'count' | 'next_offset'>): boolean {
  return page.next_offset < page.count;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) return fallback;
  return Math.min(max, Math.max(min, number));
}
