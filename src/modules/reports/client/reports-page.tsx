// /reports: choose a report, filter it (dates, departments, locations, grouping), look at its
// chart and table, export it as CSV or XLSX (with the download's progress), and (owners and
// HR admins) have it e-mailed monthly.
import { DateField } from '../../../client/ui/date-field';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Group, MultiSelect, Progress, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { departmentsQueryOptions, referenceListQueryOptions } from '../../../client/api/reference-lists';
import { usePageTitle } from '../../../client/shell/page-title';
import { can } from '../../../client/ui/permission-guard';
import { LoadError } from '../../../client/ui/load-error';
import { addDays, isIsoDate, londonDate } from '../../../shared/dates';
import { REPORTS_ENDPOINT } from '../../../shared/reports.contract';
import { ReportChart, ReportTable } from './report-view';
import { catalogueQueryOptions, downloadReport, reportQueryOptions, type ReportParams } from './reports.api';
import { ReportSubscriptions } from './report-subscriptions';

const SENSITIVE = new Set(['sickness']);
const initialReport = () => new URLSearchParams(window.location.search).get('report') ?? 'absence';

export function ReportsPage() {
  usePageTitle('Reports');
  const today = londonDate(new Date());
  const catalogue = useQuery(catalogueQueryOptions());
  const departments = useQuery(departmentsQueryOptions());
  const locations = useQuery(referenceListQueryOptions('company-location'));
  const [key, setKey] = useState(initialReport);
  const [from, setFrom] = useState(addDays(today, -364));
  const [to, setTo] = useState(today);
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [groups, setGroups] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<{ format: string; share: number | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const summary = catalogue.data?.find((r) => r.key === key) ?? catalogue.data?.[0];
  const groupBy = summary ? (groups[summary.key] ?? summary.group_by[0]?.value) : undefined;
  const valid = isIsoDate(from) && isIsoDate(to) && from <= to;
  const params: ReportParams = {
    from,
    to,
    ...(departmentIds.length ? { department_id: departmentIds } : {}),
    ...(locationIds.length ? { location_id: locationIds } : {}),
    ...(groupBy ? { group_by: groupBy } : {}),
  };
  const report = useQuery({
    ...reportQueryOptions(summary?.key ?? '', params, SENSITIVE.has(summary?.key ?? '')),
    enabled: Boolean(summary) && valid,
  });

  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (!summary) return;
    setProblem(null);
    setProgress({ format, share: 0 });
    try {
      await downloadReport({ key: summary.key, params, format, onProgress: (share) => setProgress({ format, share }) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setProgress(null);
    }
  };

  if (catalogue.isError) return <LoadError what="reports" error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Reports</Title>
      {catalogue.isPending ? (
        <Skeleton h={36} />
      ) : (
        <Select
          label="Report"
          data={(catalogue.data ?? []).map((r) => ({ value: r.key, label: r.title }))}
          value={summary?.key ?? null}
          onChange={(value) => value && setKey(value)}
          allowDeselect={false}
          w={{ base: '100%', sm: 320 }}
        />
      )}
      {summary && <Text c="dimmed">{summary.description}</Text>}
      <Group align="flex-end" gap="sm">
        <DateField
          label="From"
          name="from"
          required
          value={from}
          onChange={setFrom}
          error={valid ? undefined : 'Choose a range ending on or after its start.'}
        />
        <DateField label="To" name="to" required value={to} onChange={setTo} />
        <MultiSelect
          label="Departments"
          placeholder="All"
          data={(departments.data?.results ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={departmentIds}
          onChange={setDepartmentIds}
          clearable
          w={220}
        />
        <MultiSelect
          label="Locations"
          placeholder="All"
          data={(locations.data?.results ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={locationIds}
          onChange={setLocationIds}
          clearable
          w={220}
        />
        {summary && summary.group_by.length > 0 && (
          <Select
            label="Group by"
            data={summary.group_by}
            value={groupBy ?? null}
            onChange={(value) => value && setGroups((g) => ({ ...g, [summary.key]: value }))}
            allowDeselect={false}
            w={160}
          />
        )}
      </Group>
      <Group gap="xs">
        <Button
          variant="light"
          onClick={() => void exportAs('csv')}
          loading={progress?.format === 'csv'}
          disabled={!valid || progress !== null}
        >
          Download CSV
        </Button>
        <Button
          variant="light"
          onClick={() => void exportAs('xlsx')}
          loading={progress?.format === 'xlsx'}
          disabled={!valid || progress !== null}
        >
          Download XLSX
        </Button>
        {progress && (
          <Progress value={(progress.share ?? 0.5) * 100} animated={progress.share === null} w={160} aria-label="Export progress" />
        )}
      </Group>
      {problem && <Alert color="red">{problem}</Alert>}
      {report.isPending && summary ? (
        <Skeleton h={320} radius="md" aria-label="Loading the report" />
      ) : report.isError ? (
        <LoadError what="report" error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data && summary ? (
        <Stack gap="md">
          <ReportChart result={report.data} />
          <ReportTable result={report.data} caption={summary.title} />
        </Stack>
      ) : null}
      {catalogue.data && can({ endpoint: REPORTS_ENDPOINT, method: 'POST', scope: 'company' }) && (
        <ReportSubscriptions reports={catalogue.data} />
      )}
    </Stack>
  );
}
