// /admin/audit: what happened on the platform — access requests, impersonated sessions and
// what was done in them, company status changes, administrator changes, orders — filtered by
// kind, dates and company, paged, and exported as CSV with the same filters.
import { Button, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeading } from '../../../client/ui/page-heading';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast } from '../../../client/shell/toasts';
import { CompanySelect } from '../../../client/ui/company-select';
import { DateField } from '../../../client/ui/date-field';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  PLATFORM_AUDIT_ENDPOINT,
  type AuditKind,
  type PlatformAuditPage,
} from '../platform-audit.contract';
import { saveFile } from '../../../client/api/downloads';
import { AUDIT_PAGE_SIZE, auditQueryOptions, NO_AUDIT_FILTERS, queryOf, type AuditFilters } from './platform-audit.api';
import { ListPager } from '../../../client/ui/list-pager';
import { QueryRows } from '../../../client/ui/query-rows';
import { RowsView, type RowColumn } from '../../../client/ui/rows-view';
import { describeAction, describeDetails } from '../../../client/ui/audit-words';

const COLUMNS: RowColumn<PlatformAuditPage['results'][number]>[] = [
  { label: 'When', nowrap: true, render: (entry) => formatLondon(entry.created_at, DATE_FORMATS.dateTime) },
  { label: 'What', render: (entry) => describeAction(entry.action) },
  { label: 'Company', render: (entry) => entry.company_name ?? '—' },
  {
    label: 'Who',
    render: (entry) => (
      <>
        {entry.actor_name ?? '—'}
        {entry.impersonator_name && (
          <Text size="xs" c="dimmed">
            as impersonated by {entry.impersonator_name}
          </Text>
        )}
      </>
    ),
  },
  {
    label: 'Details',
    render: (entry) => (
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {describeDetails(entry.details) || '—'}
      </Text>
    ),
  },
];
function exportCsv(filters: AuditFilters): Promise<void> {
  return saveFile(PLATFORM_AUDIT_ENDPOINT, 'stafflane-platform-audit.csv', { ...queryOf(filters), format: 'csv' });
}

export function PlatformAuditPage() {
  usePageTitle('Platform audit');
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const list = useQuery(auditQueryOptions(filters, page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / AUDIT_PAGE_SIZE)) : 1;
  const set = (patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <PageHeading
        title="Platform audit"
        description="Access requests, impersonated sessions and what was done in them, status changes, administrator changes and orders."
        action={
          <Button
            variant="default"
            onClick={() => void exportCsv(filters).catch(() => showDangerToast({ message: 'The export could not be made.' }))}
          >
            Export CSV
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="md">
          <Select
            label="Kind"
            placeholder="Every kind"
            clearable
            data={AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }))}
            value={filters.kind}
            onChange={(kind) => set({ kind: (kind as AuditKind | null) ?? null })}
          />
          <DateField label="From" value={filters.from} onChange={(from) => set({ from })} />
          <DateField label="To" value={filters.to} onChange={(to) => set({ to })} />
          <CompanySelect
            label="Company"
            value={filters.company}
            onChange={(company) => set({ company })}
            leading={[{ value: '', label: 'Every company' }]}
          />
        </SimpleGrid>
        <QueryRows query={list} rows={list.data?.results} what="audit" empty="Nothing recorded for these filters.">
          {(rows) => (
            <RowsView
              label="Platform audit"
              rows={rows}
              columns={COLUMNS}
              minWidth={900}
              titleOf={(entry) => `${describeAction(entry.action)}, ${formatLondon(entry.created_at, DATE_FORMATS.dateTime)}`}
            />
          )}
        </QueryRows>
        <ListPager mt="md" pages={pages} page={page} onPage={setPage} />
      </Paper>
    </Stack>
  );
}
