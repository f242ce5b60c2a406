// GET /api/companies?search= (administrators): the company pickers of the admin screens
// (asking for access, aiming an alert) share this query and its cache: the first page of the
// companies module's list.
import { queryOptions } from '@tanstack/react-query';
import { COMPANIES_ENDPOINT, type PickableCompany } from '../../shared/company-picker';
import type { ListResponse } from '../../shared/list';
import { apiFetch } from './api-client';

/** How many companies a picker offers for one search. */
export const COMPANY_PICKER_LIMIT = 20;

export const companiesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['companies', 'picker', search] as const,
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<PickableCompany>>(COMPANIES_ENDPOINT, { query: { search, limit: COMPANY_PICKER_LIMIT }, signal }),
    staleTime: 30_000,
  });
