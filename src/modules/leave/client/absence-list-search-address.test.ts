import { describe, expect, it } from 'vitest';
import { parseAbsenceListSearch } from './absence-list-search';
import { parseSearch, stringifySearch } from '../../../client/search-params';

describe('the address bar query string', () => {
  it('writes filters readably: one value plain, a list as the key repeated', () => {
    expect(stringifySearch({ status: ['needApproval'], show_relevant_to_me: 1 })).toBe('?status=needApproval&show_relevant_to_me=1');
    expect(stringifySearch({ status: ['pending', 'approved'], page: 2, search: 'Ella Evans' })).toBe(
      '?status=pending&status=approved&page=2&search=Ella+Evans',
    );
    expect(stringifySearch({ page: undefined })).toBe('');
  });

  it('reads back what it wrote, as a route’s validateSearch sees it', () => {
    const filters = { status: ['pending', 'approved'], show_relevant_to_me: 1 as const, page: 3 };
    expect(parseAbsenceListSearch(parseSearch(stringifySearch(filters)))).toEqual(filters);
    expect(parseAbsenceListSearch(parseSearch('?status=needApproval'))).toEqual({ status: ['needApproval'] });
  });

  it('still reads an older link’s JSON list', () => {
    expect(parseSearch('?status=%5B%22needApproval%22%5D')).toEqual({ status: ['needApproval'] });
  });
});
