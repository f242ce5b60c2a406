// The companies module's calls: the administrators' companies list and writes, their orders
// queue, a company's own orders and invoices, and its first-run checklist. Keys start with
// the resource names the server publishes, so realtime invalidations refresh them.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import type { ListResponse } from '../../../shared/list';
import {
  COMPANIES_RESOURCE,
  companyPaths,
  type CompanyList,
  type CompanyRow,
  type CompanySort,
  type CompanySource,
  type CompanyStatus,
  type CreateCompanyInput,
  type CreatedCompany,
  type Product,
  type UpdateCompanyInput,
} from '../companies.contract';
import {
  orderPaths,
  ORDERS_RESOURCE,
  type DecideOrderInput,
  type Order,
  type OrdersPage,
  type OrderStatus,
  type PlaceOrderInput,
} from '../orders.contract';
import { COMPANY_SETUP_ENDPOINT, COMPANY_SETUP_RESOURCE, type SetupChecklist } from '../setup.contract';

export const COMPANIES_PAGE_SIZE = 20;
export const QUEUE_RESOURCE = 'company-orders';

export type CompanyFilters = {
  search: string;
  status: CompanyStatus[];
  product: Product[];
  sector: string;
  sort: CompanySort;
  /** Only the companies made one way (signed up, or by an administrator); null: all. */
  source?: CompanySource | null;
};

/** What the Companies page opens on: every company, by name (its route's loader starts this list). */
export const DEFAULT_COMPANY_FILTERS: CompanyFilters = { search: '', status: [], product: [], sector: '', sort: 'name', source: null };

export const companiesListQueryOptions = (filters: CompanyFilters, page: number) =>
  queryOptions({
    queryKey: [COMPANIES_RESOURCE, 'admin', filters, page] as const,
    queryFn: ({ signal }) =>
      apiFetch<CompanyList>(companyPaths.companies, {
        signal,
        query: {
          search: filters.search || undefined,
          status: filters.status.length ? filters.status.join(',') : undefined,
          product: filters.product.length ? filters.product.join(',') : undefined,
          sector: filters.sector || undefined,
          source: filters.source ?? undefined,
          sort: filters.sort,
          limit: COMPANIES_PAGE_SIZE,
          offset: (page - 1) * COMPANIES_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const createCompanyMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: CreateCompanyInput) => apiFetch<CreatedCompany>(companyPaths.companies, { method: 'POST', body: input }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: [COMPANIES_RESOURCE] }),
});

export const updateCompanyMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string; input: UpdateCompanyInput }) =>
    apiFetch<CompanyRow>(companyPaths.company(id), { method: 'PUT', body: input }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: [COMPANIES_RESOURCE] }),
});

export const orderQueueQueryOptions = (status: OrderStatus | null, page: number) =>
  queryOptions({
    queryKey: [QUEUE_RESOURCE, status, page] as const,
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<Order>>(orderPaths.queue, {
        signal,
        query: { status: status ?? undefined, limit: COMPANIES_PAGE_SIZE, offset: (page - 1) * COMPANIES_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const decideOrderMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string; input: DecideOrderInput }) =>
    apiFetch<Order>(orderPaths.decide(id), { method: 'PUT', body: input }),
  onSuccess: async () => {
    await queryClient.invalidateQueries({ queryKey: [QUEUE_RESOURCE] });
    await queryClient.invalidateQueries({ queryKey: [COMPANIES_RESOURCE] });
  },
});

export const ordersPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [ORDERS_RESOURCE, page] as const,
    queryFn: ({ signal }) =>
      apiFetch<OrdersPage>(orderPaths.orders, { signal, query: { limit: COMPANIES_PAGE_SIZE, offset: (page - 1) * COMPANIES_PAGE_SIZE } }),
  });

export const placeOrderMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: PlaceOrderInput) => apiFetch<Order>(orderPaths.orders, { method: 'POST', body: input }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORDERS_RESOURCE] }),
});

export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: [COMPANY_SETUP_RESOURCE] as const,
    queryFn: ({ signal }) => apiFetch<SetupChecklist>(COMPANY_SETUP_ENDPOINT, { signal }),
    // Its steps are done on other screens (departments, the leave policy, an import of people)
    // whose writes name their own resources: the dashboard's loader asks again each time it opens
    // (the default staleTime, 0 once its batch's answer has landed).
  });
