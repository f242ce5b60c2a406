// /admin/companies: every customer company, found by name or number, filtered by status,
// product and sector, sorted and paged; each row with its sector, status, products, seats used
// of seats bought, when it was made (and whether its owner signed it up) and last used; the
// signed-up ones on their own. New company; Manage one (status, products, seats).
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Anchor, Badge, Button, MultiSelect, Paper, Select, Space, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryRows } from '../../../client/ui/query-rows';
import { FiltersFold } from '../../../client/ui/filters-fold';
import { RowsView } from '../../../client/ui/rows-view';
import { PageHeading } from '../../../client/ui/page-heading';
import { usePageTitle } from '../../../client/shell/page-title';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import {
  COMPANY_SOURCE_LABELS,
  COMPANY_SOURCES,
  COMPANY_STATUS_LABELS,
  COMPANY_STATUSES,
  PRODUCT_LABELS,
  PRODUCTS,
  type CompanyRow,
  type CompanySort,
  type CompanySource,
  type CompanyStatus,
  type Product,
} from '../companies.contract';
import { COMPANIES_PAGE_SIZE, companiesListQueryOptions, DEFAULT_COMPANY_FILTERS } from './companies.api';
import { ProductBadges, seatsLabel, StatusBadge } from './company-labels';
import { CreateCompanyModal } from './create-company-modal';
import { ManageCompanyModal } from './manage-company-modal';
import { ListPager } from '../../../client/ui/list-pager';

const SORTS: { value: CompanySort; label: string }[] = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: '-last_active', label: 'Last active, latest first' },
  { value: 'last_active', label: 'Last active, longest ago first' },
  { value: '-seats_used', label: 'Most seats used' },
];

const dateOf = (iso: string | null) => (iso ? formatLondon(iso, DATE_FORMATS.date) : 'Never');

export function AdminCompaniesPage() {
  usePageTitle('Companies');
  const [search, setSearch] = useState(DEFAULT_COMPANY_FILTERS.search);
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<CompanyStatus[]>(DEFAULT_COMPANY_FILTERS.status);
  const [product, setProduct] = useState<Product[]>(DEFAULT_COMPANY_FILTERS.product);
  const [sector, setSector] = useState(DEFAULT_COMPANY_FILTERS.sector);
  const [sectorDebounced] = useDebouncedValue(sector, 250);
  const [sort, setSort] = useState<CompanySort>(DEFAULT_COMPANY_FILTERS.sort);
  const [source, setSource] = useState<CompanySource | null>(DEFAULT_COMPANY_FILTERS.source ?? null);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<CompanyRow | null>(null);
  const list = useQuery(companiesListQueryOptions({ search: debounced, status, product, sector: sectorDebounced, sort, source }, page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / COMPANIES_PAGE_SIZE)) : 1;
  const filtering =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  return (
    <Stack gap="lg">
      <PageHeading
        title="Companies"
        description="Every customer: their status, products and seats. A company on hold or disabled cannot sign in; nothing of it is deleted."
        action={<Button onClick={() => setCreating(true)}>New company</Button>}
      />
      <Paper withBorder radius="lg" p="md">
        <FiltersFold
          id="company-filters"
          cols={{ base: 1, sm: 2, lg: 6 }}
          chosen={[status.length > 0, product.length > 0, sector !== '', source !== null].filter(Boolean).length}
          search={
            <TextInput
              label="Search"
              placeholder="Name or company number"
              value={search}
              onChange={(e) => filtering(setSearch)(e.currentTarget.value)}
            />
          }
        >
          <MultiSelect
            label="Status"
            placeholder={status.length ? undefined : 'Any'}
            data={COMPANY_STATUSES.map((value) => ({ value, label: COMPANY_STATUS_LABELS[value] }))}
            value={status}
            onChange={(value) => filtering(setStatus)(value as CompanyStatus[])}
          />
          <MultiSelect
            label="Products"
            placeholder={product.length ? undefined : 'Any'}
            data={PRODUCTS.map((value) => ({ value, label: PRODUCT_LABELS[value] }))}
            value={product}
            onChange={(value) => filtering(setProduct)(value as Product[])}
          />
          <TextInput label="Sector" placeholder="Any" value={sector} onChange={(e) => filtering(setSector)(e.currentTarget.value)} />
          <Select
            label="Made"
            placeholder="Any way"
            data={COMPANY_SOURCES.map((value) => ({ value, label: COMPANY_SOURCE_LABELS[value] }))}
            value={source}
            clearable
            onChange={(value) => filtering(setSource)(value as CompanySource | null)}
          />
          <Select
            label="Sort"
            data={SORTS}
            value={sort}
            allowDeselect={false}
            onChange={(value) => value && filtering(setSort)(value as CompanySort)}
          />
        </FiltersFold>
        <Space h="md" />
        <QueryRows query={list} rows={list.data?.results} what="companies" empty="No companies match.">
          {(rows) => (
            <>
              <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
                {list.data?.count === 1 ? '1 company' : `${list.data?.count} companies`}
              </Text>
              <RowsView
                label="Companies"
                rows={rows}
                minWidth={900}
                titleOf={(company) => company.name}
                columns={[
                  {
                    label: 'Company',
                    render: (company) => (
                      <>
                        <Anchor component="button" type="button" fw={600} ta="left" onClick={() => setManaging(company)}>
                          {company.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {company.number ?? 'No number'}
                        </Text>
                      </>
                    ),
                  },
                  { label: 'Sector', render: (company) => company.sector_name ?? '—' },
                  { label: 'Status', nowrap: true, render: (company) => <StatusBadge status={company.status} /> },
                  { label: 'Products', render: (company) => <ProductBadges products={company.products} /> },
                  { label: 'Seats used', render: (company) => seatsLabel(company.seats_used, company.seats) },
                  {
                    label: 'Created',
                    render: (company) => (
                      <>
                        {dateOf(company.created_at)}
                        {company.source === 'sign_up' && (
                          <Badge display="block" mt={4} size="sm" variant="light" color="teal">
                            Signed up
                          </Badge>
                        )}
                      </>
                    ),
                  },
                  { label: 'Last active', render: (company) => dateOf(company.last_active_at) },
                ]}
                actions={(company) => (
                  <Button size="xs" variant="default" onClick={() => setManaging(company)} aria-label={`Manage ${company.name}`}>
                    Manage
                  </Button>
                )}
              />
            </>
          )}
        </QueryRows>
        <ListPager mt="md" pages={pages} page={page} onPage={setPage} />
      </Paper>
      <CreateCompanyModal opened={creating} onClose={() => setCreating(false)} />
      <ManageCompanyModal company={managing} onClose={() => setManaging(null)} />
    </Stack>
  );
}
