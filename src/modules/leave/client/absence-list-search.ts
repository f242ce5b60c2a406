// The absence list's filters as they sit in the address (the menu and the PWA's
// "Approvals" shortcut link to `?status=needApproval&show_relevant_to_me=1`), so a filtered
// list can be shared and the back button undoes a filter. A hand-edited or old link is
// checked here: a bad value is dropped rather than sent to the server to refuse.
import { isIsoDate } from '../../../shared/dates';
import { isUuid } from '../../../shared/ids';
import { ABSENCE_STATUSES, NEED_APPROVAL } from '../absence-statuses';
import type { AbsenceFilters } from './absences.api';

export type AbsenceListSearch = AbsenceFilters & { page?: number };

/** The status filter's choices: "Needs approval" (pending or cancellation requested) and each status. */
export const STATUS_FILTERS: readonly string[] = [NEED_APPROVAL, ...ABSENCE_STATUSES];
export const LIST_FILTER_KEYS = ['status', 'department_id', 'leave_type_id', 'user_id'] as const;
type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

/** a single value is a list of one. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

function strings(value: unknown, keep: (item: string) => boolean): string[] | undefined {
  const items = [...new Set(listOf(value).map(String))].filter(keep);
  return items.length > 0 ? items : undefined;
}

const date = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : undefined);

export function parseAbsenceListSearch(raw: Record<string, unknown>): AbsenceListSearch {
  const result: AbsenceListSearch = {};
  const status = strings(raw.status, (item) => STATUS_FILTERS.includes(item));
  if (status) result.status = status;
  if (raw.show_relevant_to_me === 1 || raw.show_relevant_to_me === '1' || raw.show_relevant_to_me === true) result.show_relevant_to_me = 1;
  for (const key of ['department_id', 'leave_type_id', 'user_id'] as const) {
    const ids = strings(raw[key], isUuid);
    if (ids) result[key] = ids;
  }
  const from = date(raw.from);
  const to = date(raw.to);
  if (from) result.from = from;
  if (to) result.to = to;
  if (typeof raw.search === 'string' || typeof raw.search === 'number') {
    const text = String(raw.search).trim().slice(0, 100);
    if (text) result.search = text;
  }
  const page = Number(raw.page);
  if (Number.isSafeInteger(page) && page > 1) result.page = page;
  return result;
}

/** The list call's filters (everything but the page). */
export function toAbsenceFilters(search: AbsenceListSearch): AbsenceFilters {
  const { page: _page, ...filters } = search;
  return filters;
}

export function hasFilters(search: AbsenceListSearch): boolean {
  return Object.keys(toAbsenceFilters(search)).length > 0;
}

/** A changed filter starts again from page 1; empty values leave the address. */
export function withFilters(search: AbsenceListSearch, patch: Partial<AbsenceListSearch>): AbsenceListSearch {
  const next: AbsenceListSearch = { ...search, ...patch, page: undefined };
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key as keyof AbsenceListSearch];
  }
  return next;
}

export const listFilterCount = (search: AbsenceListSearch) =>
  LIST_FILTER_KEYS.filter((key: ListFilterKey) => (search[key]?.length ?? 0) > 0).length +
  (search.show_relevant_to_me ? 1 : 0) +
  (search.from || search.to ? 1 : 0);
