// The directory's state in the address (shareable, and the back button undoes a filter): the
// view, search text, filters as lists, sort and page. What a hand-edited or old link holds is
// checked here, so a bad value is dropped rather than sent to the server to refuse.
import type { DirectoryQuery } from '../../directory.contract';
import { DIRECTORY_SORTS, EMPLOYEE_STATUSES, type DirectorySort, type EmployeeStatus } from '../../directory-values';
import { isUuid } from '../../../../shared/ids';

export type DirectorySearch = {
  view?: 'team';
  search?: string;
  status?: EmployeeStatus[];
  department_id?: string[];
  location_id?: string[];
  tag_ids?: string[];
  sort?: DirectorySort;
  page?: number;
};

export const FILTER_KEYS = ['status', 'department_id', 'location_id', 'tag_ids'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** a single value is a list of one. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

function strings<T extends string>(value: unknown, keep: (item: string) => item is T): T[] | undefined {
  const items = [...new Set(listOf(value).map(String))].filter(keep);
  return items.length > 0 ? items : undefined;
}

const isStatus = (item: string): item is EmployeeStatus => (EMPLOYEE_STATUSES as readonly string[]).includes(item);
const isSort = (item: unknown): item is DirectorySort => (DIRECTORY_SORTS as readonly unknown[]).includes(item);

export function parseDirectorySearch(raw: Record<string, unknown>): DirectorySearch {
  const result: DirectorySearch = {};
  if (raw.view === 'team') result.view = 'team';
  if (typeof raw.search === 'string' || typeof raw.search === 'number') {
    const text = String(raw.search).trim().slice(0, 100);
    if (text) result.search = text;
  }
  const status = strings(raw.status, isStatus);
  if (status) result.status = status;
  for (const key of ['department_id', 'location_id', 'tag_ids'] as const) {
    const ids = strings(raw[key], isUuid);
    if (ids) result[key] = ids;
  }
  if (isSort(raw.sort)) result.sort = raw.sort;
  const page = Number(raw.page);
  if (Number.isSafeInteger(page) && page > 1) result.page = page;
  return result;
}

/** The list call's filters (lists); no status means the server's default (everyone but terminated, unless searching). */
export function toDirectoryQuery(search: DirectorySearch): DirectoryQuery {
  const query: DirectoryQuery = {};
  if (search.search) query.search = search.search;
  for (const key of FILTER_KEYS) {
    const values = search[key];
    if (values?.length) Object.assign(query, { [key]: values });
  }
  if (search.sort) query.sort = search.sort;
  return query;
}

/** Whether anything narrows the list beyond the defaults. */
export function hasFilters(search: DirectorySearch): boolean {
  return Boolean(search.search) || FILTER_KEYS.some((key) => (search[key]?.length ?? 0) > 0);
}

/** A changed filter starts again from page 1; the view and sort stay. */
export function withFilters(search: DirectorySearch, patch: Partial<DirectorySearch>): DirectorySearch {
  const next: DirectorySearch = { ...search, ...patch, page: undefined };
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key as keyof DirectorySearch];
  }
  return next;
}

export function clearedFilters(search: DirectorySearch): DirectorySearch {
  return withFilters({ view: search.view, sort: search.sort }, {});
}
