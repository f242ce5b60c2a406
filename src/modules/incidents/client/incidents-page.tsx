// /incident-logs: the accident book — every record the caller may see, newest first, with its
// RIDDOR status, filters (status, dates, search), the CSV export for those who see the whole log,
// and "Report an incident".
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast } from '../../../client/shell/toasts';
import { FilteredList } from '../../../client/ui/filtered-list';
import { can } from '../../../client/ui/permission-guard';
import { DATE_FORMATS, formatLondon, londonDate } from '../../../shared/dates';
import {
  INCIDENT_ENDPOINT,
  INCIDENT_ROUTES,
  incidentPaths,
  RETENTION_YEARS,
  RIDDOR_STATUS_LABELS,
  RIDDOR_STATUSES,
  type Incident,
} from '../incidents.contract';
import { RIDDOR_CATEGORY_LABELS } from '../riddor';
import { downloadWithToken, incidentListQueryOptions, INCIDENT_PAGE_SIZE, type IncidentFilters } from './incidents.api';
import { RiddorBadge } from './incident-parts';
import { DateField } from '../../../client/ui/date-field';
import { INCIDENTS_SCREEN } from './incidents.screens';

function IncidentRow({ incident }: { incident: Incident }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="incident-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Anchor fw={600} renderRoot={(props) => <Link {...props} to={INCIDENT_ROUTES.detail} params={{ id: incident.id }} />}>
            {incident.location} — {incident.person.name}
          </Anchor>
          <RiddorBadge riddor={incident.riddor} />
        </Group>
        <Text size="sm" c="dimmed">
          {formatLondon(incident.occurred_at, DATE_FORMATS.dateTime)}
          {incident.riddor.category ? ` · ${RIDDOR_CATEGORY_LABELS[incident.riddor.category]}` : ''}
          {incident.reported_by_name ? ` · reported by ${incident.reported_by_name}` : ''}
        </Text>
        <Text size="sm" lineClamp={2}>
          {incident.what_happened}
        </Text>
      </Stack>
    </Paper>
  );
}

export function IncidentsPage() {
  usePageTitle(INCIDENTS_SCREEN.heading);
  const [filters, setFilters] = useState<IncidentFilters>({});
  const [page, setPage] = useState(1);
  const list = useQuery(incidentListQueryOptions({ filters, page }));
  const wholeLog = can({ endpoint: INCIDENT_ENDPOINT, method: 'GET', scope: 'company' });
  const show = (next: IncidentFilters) => {
    setFilters(next);
    setPage(1);
  };
  const change = (next: Partial<IncidentFilters>) => show({ ...filters, ...next });
  const exportCsv = () =>
    void downloadWithToken(
      `${incidentPaths.exportCsv}?${new URLSearchParams(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value) as [string, string][]).toString()}`,
      `incident-log-${londonDate(new Date())}.csv`,
    ).catch(() => showDangerToast({ message: 'The export could not be downloaded.' }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{INCIDENTS_SCREEN.heading}</Title>
        <Group gap="xs">
          {wholeLog && (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={exportCsv}>
              Export CSV
            </Button>
          )}
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            renderRoot={(props) => <Link {...props} to={INCIDENT_ROUTES.report} />}
          >
            Report an incident
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="RIDDOR"
          placeholder="Any"
          data={RIDDOR_STATUSES.map((value) => ({ value, label: RIDDOR_STATUS_LABELS[value] }))}
          value={filters.riddor?.[0] ?? null}
          onChange={(value) => change({ riddor: value ? [value] : [] })}
          clearable
          w={170}
        />
        <TextInput
          label="Search"
          placeholder="Place, person or words"
          value={filters.search ?? ''}
          onChange={(event) => change({ search: event.currentTarget.value })}
          w={220}
        />
        <DateField label="From" value={filters.from ?? ''} onChange={(value) => change({ from: value })} />
        <DateField label="To" value={filters.to ?? ''} onChange={(value) => change({ to: value })} />
        {wholeLog && (
          <Checkbox
            label={`Past the ${RETENTION_YEARS}-year retention`}
            checked={filters.retention_due === '1'}
            onChange={(event) => change({ retention_due: event.currentTarget.checked ? '1' : undefined })}
            mb={8}
          />
        )}
      </Group>
      <FilteredList
        list={list}
        one="incident"
        many="incidents"
        what="incident log"
        forbidden
        noMatches="No incidents recorded"
        hint="Nothing matches these filters. Report an incident as soon as it happens, even a near miss."
        filtered={Boolean(filters.riddor?.length || filters.search || filters.from || filters.to || filters.retention_due)}
        onClearFilters={() => show({})}
        page={page}
        pageSize={INCIDENT_PAGE_SIZE}
        onPage={setPage}
        skeleton={{ rows: 2, height: 80 }}
      >
        {(rows) => (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((incident) => (
              <IncidentRow key={incident.id} incident={incident} />
            ))}
          </Stack>
        )}
      </FilteredList>
    </Stack>
  );
}
