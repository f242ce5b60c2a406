// The overtime list's address: the view, statuses and page; the report form's, the offer it
// claims; a bad value is dropped.
import { OVERTIME_STATUSES, type OvertimeStatus, type OvertimeView } from '../overtime-values';
import type { OvertimeFilters } from './overtime.api';

export type OvertimeListSearch = { view?: OvertimeView; status?: OvertimeStatus[]; page?: number };

export function parseOvertimeListSearch(raw: Record<string, unknown>): OvertimeListSearch {
  const result: OvertimeListSearch = {};
  if (raw.view === 'mine' || raw.view === 'to_approve') result.view = raw.view;
  const statuses = (Array.isArray(raw.status) ? raw.status : raw.status === undefined ? [] : [raw.status])
    .map(String)
    .filter((value): value is OvertimeStatus => (OVERTIME_STATUSES as readonly string[]).includes(value));
  if (statuses.length > 0) result.status = [...new Set(statuses)];
  const page = Number(raw.page);
  if (Number.isSafeInteger(page) && page > 1) result.page = page;
  return result;
}

/** The list's filters for its address (its route's loader starts that list, the page reads it). */
export const toOvertimeFilters = (search: OvertimeListSearch): OvertimeFilters => ({
  view: search.view ?? 'all',
  ...(search.status ? { status: search.status } : {}),
  ...(search.page ? { page: search.page } : {}),
});

/** The report form's address: `offer`, the time clock's offer it claims (an id, else dropped). */
export type ReportSearch = { offer?: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseReportSearch(raw: Record<string, unknown>): ReportSearch {
  return typeof raw.offer === 'string' && UUID.test(raw.offer) ? { offer: raw.offer } : {};
}
