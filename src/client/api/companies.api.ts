// GET /api/companies?search= (administrators): the company pickers of the admin screens
// (asking for access, aiming an alert) share this query and its cache.
import { queryOptions } from '@tanstack/react-query';
import { COMPANIES_ENDPOINT, type CompanySummary } from '../../modules/auth/companies.contract';
import { apiFetch } from './api-client';

export const companiesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['companies', search] as const,
    queryFn: ({ signal }) => apiFetch<CompanySummary[]>(COMPANIES_ENDPOINT, { query: { search }, signal }),
    staleTime: 30_000,
  });
