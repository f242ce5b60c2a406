// The claims list's view and filters as they sit in the address (/expenses?view=approve&…), so
// a filtered list can be shared and the menu can link to what waits. Bad values are dropped.
import { isIsoDate } from '../../../shared/dates';
import { isUuid } from '../../../shared/ids';
import { CLAIM_STATUSES, CLAIM_TYPES, CLAIM_VIEWS, type ClaimView } from '../claim-values';
import type { ClaimFilters } from './expenses.api';

export type ClaimsSearch = {
  view?: ClaimView;
  status?: string;
  claim_type?: string;
  user_id?: string;
  expense_type_id?: string;
  from?: string;
  to?: string;
  search?: string;
  page?: number;
};

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

export function parseClaimsSearch(raw: Record<string, unknown>): ClaimsSearch {
  const result: ClaimsSearch = {};
  const view = text(raw.view);
  if (view && (CLAIM_VIEWS as readonly string[]).includes(view)) result.view = view as ClaimView;
  const status = text(raw.status);
  if (status && (CLAIM_STATUSES as readonly string[]).includes(status)) result.status = status;
  const claimType = text(raw.claim_type);
  if (claimType && (CLAIM_TYPES as readonly string[]).includes(claimType)) result.claim_type = claimType;
  for (const key of ['user_id', 'expense_type_id'] as const) {
    const id = text(raw[key]);
    if (id && isUuid(id)) result[key] = id;
  }
  for (const key of ['from', 'to'] as const) {
    const day = text(raw[key]);
    if (day && isIsoDate(day)) result[key] = day;
  }
  const search = text(raw.search)?.trim().slice(0, 100);
  if (search) result.search = search;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page < 100_000) result.page = page;
  return result;
}

export function toClaimFilters(search: ClaimsSearch): ClaimFilters {
  const filters: ClaimFilters = { view: search.view ?? 'mine' };
  if (search.status) filters.status = [search.status];
  if (search.claim_type) filters.claim_type = search.claim_type;
  if (search.user_id) filters.user_id = [search.user_id];
  if (search.expense_type_id) filters.expense_type_id = search.expense_type_id;
  if (search.from) filters.from = search.from;
  if (search.to) filters.to = search.to;
  if (search.search) filters.search = search.search;
  return filters;
}
