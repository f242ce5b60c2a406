// The platform audit's list as a query: its filters, the first page its route's loader starts
// and the page reads.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import type { CompanyChoice } from '../../../client/ui/company-select';
import { PLATFORM_AUDIT_ENDPOINT, type AuditKind, type PlatformAuditPage } from '../platform-audit.contract';

export const AUDIT_PAGE_SIZE = 25;

export type AuditFilters = { kind: AuditKind | null; from: string; to: string; company: CompanyChoice | null };

/** What the page opens on: every kind, any date, every company. */
export const NO_AUDIT_FILTERS: AuditFilters = { kind: null, from: '', to: '', company: null };

export const queryOf = (filters: AuditFilters) => ({
  kind: filters.kind ?? undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
  company_id: filters.company?.id,
});

/** The page's list; its route's loader starts the first page with no filter. */
export const auditQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ['platform-audit', queryOf(filters), page] as const,
    queryFn: ({ signal }) =>
      apiFetch<PlatformAuditPage>(PLATFORM_AUDIT_ENDPOINT, {
        signal,
        query: { ...queryOf(filters), limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
