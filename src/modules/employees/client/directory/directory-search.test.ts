import { describe, expect, it } from 'vitest';
import { clearedFilters, hasFilters, parseDirectorySearch, toDirectoryQuery, withFilters } from './directory-search';

const SALES = '11111111-1111-4111-8111-111111111111';

describe('the directory address', () => {
  it('keeps known values, wraps single values into lists and drops what the server would refuse', () => {
    expect(
      parseDirectorySearch({
        view: 'team',
        search: '  ann ',
        status: 'terminated',
        department_id: [SALES, 'not-an-id', SALES],
        tag_ids: 'x',
        sort: '-start_date',
        page: '3',
        other: 'ignored',
      }),
    ).toEqual({ view: 'team', search: 'ann', status: ['terminated'], department_id: [SALES], sort: '-start_date', page: 3 });
    expect(parseDirectorySearch({ status: ['gone'], sort: 'salary', page: '0', search: '   ' })).toEqual({});
  });

  it('sends filters as lists and leaves paging and view out of the query', () => {
    expect(toDirectoryQuery({ view: 'team', page: 2, search: 'ann', status: ['active'], location_id: [SALES] })).toEqual({
      search: 'ann',
      status: ['active'],
      location_id: [SALES],
    });
  });

  it('starts a changed filter from page 1 and clears filters but not the sort', () => {
    const search = { search: 'ann', status: ['active' as const], sort: 'job_title' as const, page: 4 };
    expect(withFilters(search, { status: [] })).toEqual({ search: 'ann', sort: 'job_title' });
    expect(clearedFilters(search)).toEqual({ sort: 'job_title' });
    expect(hasFilters(clearedFilters(search))).toBe(false);
    expect(hasFilters(search)).toBe(true);
  });
});
