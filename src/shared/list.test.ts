import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, hasNextPage, listResponse, MAX_PAGE_SIZE, pagingFrom } from './list';

describe('pagingFrom', () => {
  it('defaults to the first 20', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(pagingFrom({})).toEqual({ offset: 0, limit: 20 });
  });

  it('maps page n to offset (n-1)·limit', () => {
    expect(pagingFrom({ page: '3', limit: '10' })).toEqual({ offset: 20, limit: 10 });
    expect(pagingFrom({ page: '1' })).toEqual({ offset: 0, limit: 20 });
    expect(pagingFrom({ page: 2 })).toEqual({ offset: 20, limit: 20 });
  });

  it('lets an explicit offset win over a page', () => {
    expect(pagingFrom({ offset: '5', page: '4', limit: '10' })).toEqual({ offset: 5, limit: 10 });
  });

  it('falls back on values that are not whole numbers and clamps the limit', () => {
    expect(pagingFrom({ offset: '-3', limit: 'abc', page: '1.5' })).toEqual({ offset: 0, limit: 20 });
    expect(pagingFrom({ limit: '0' })).toEqual({ offset: 0, limit: 1 });
    expect(pagingFrom({ limit: '100000' })).toEqual({ offset: 0, limit: MAX_PAGE_SIZE });
    expect(pagingFrom({ page: '0' })).toEqual({ offset: 0, limit: 20 });
    expect(pagingFrom({ offset: ['1', '2'] })).toEqual({ offset: 0, limit: 20 });
    expect(pagingFrom({ offset: '99999999999999999999' })).toEqual({ offset: 0, limit: 20 });
  });

  it('maps every page and limit to (n-1)·limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: MAX_PAGE_SIZE }), (page, limit) => {
        expect(pagingFrom({ page: String(page), limit: String(limit) })).toEqual({ offset: (page - 1) * limit, limit });
      }),
    );
  });
});

describe('listResponse', () => {
  it('sets next_offset after the results it holds', () => {
    expect(listResponse(['a', 'b'], 25, { offset: 20, limit: 20 })).toEqual({ results: ['a', 'b'], count: 25, next_offset: 22 });
    expect(listResponse([], 0, { offset: 0, limit: 20 })).toEqual({ results: [], count: 0, next_offset: 0 });
  });

  it('lets the infinite list stop when next_offset reaches count', () => {
    expect(hasNextPage(listResponse(new Array(20).fill(0), 25, { offset: 0, limit: 20 }))).toBe(true);
    expect(hasNextPage(listResponse(new Array(5).fill(0), 25, { offset: 20, limit: 20 }))).toBe(false);
  });

  it('walks every item exactly once when following next_offset', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 50 }), (count, limit) => {
        const items = Array.from({ length: count }, (_, i) => i);
        const seen: number[] = [];
        let page = listResponse(items.slice(0, limit), count, { offset: 0, limit });
        seen.push(...page.results);
        while (hasNextPage(page)) {
          const paging = pagingFrom({ offset: String(page.next_offset), limit: String(limit) });
          page = listResponse(items.slice(paging.offset, paging.offset + paging.limit), count, paging);
          seen.push(...page.results);
        }
        expect(seen).toEqual(items);
      }),
    );
  });
});
