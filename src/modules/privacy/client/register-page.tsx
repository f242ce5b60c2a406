// /settings/special-category-register: where special-category and criminal-offence data lives
// (from the modules' declarations), which roles can see it and at what scope, and the audited
// reads of it over a period — downloadable as CSV for the company's records of processing.
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast } from '../../../client/shell/toasts';
import { DateField } from '../../../client/ui/date-field';
import { RowsView } from '../../../client/ui/rows-view';
import { describeAction } from '../../../client/ui/audit-words';
import { addDays, formatCalendarDate, formatLondon, londonDate } from '../../../shared/dates';
import { privacyPaths } from '../privacy.contract';
import { refusalMessage, registerQueryOptions } from './privacy.api';
import { saveFile } from '../../../client/api/downloads';

const SCOPES: Record<string, string> = { own: 'Their own', department: 'Their departments', company: 'Whole company', global: 'Everyone' };

export function RegisterPage() {
  usePageTitle('Special-category register');
  const today = londonDate(new Date());
  const [period, setPeriod] = useState({ from: addDays(today, -90), to: today });
  const register = useQuery(registerQueryOptions(period));
  const data = register.data;
  const roles = data ? [...new Set(data.access.map((row) => row.role))] : [];
  const csv = () =>
    saveFile(privacyPaths.registerCsv, `special-category-register-${period.from}-${period.to}.csv`, period).catch((error: unknown) =>
      showDangerToast({ message: refusalMessage(error) ?? 'The register could not be downloaded.' }),
    );
  return (
    <Stack gap="md" maw={980}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Special-category register
        </Title>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => void csv()}>
          Download CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Health, ethnicity and other special-category data, and criminal-offence data, need an extra lawful condition and extra care. This is
        where Stafflane holds it, who can see it, and who read it.
      </Text>
      {register.isError && <Alert color="red">{refusalMessage(register.error) ?? 'The register could not be loaded.'}</Alert>}
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="where">
        <Title order={2} fz="h4" id="where" mb="sm">
          Where it is held
        </Title>
        <Stack gap="xs">
          {data?.locations.map((location) => (
            <div key={location.table}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {location.label}
                </Text>
                <Badge size="sm" variant="light" color={location.type === 'criminal' ? 'red' : 'grape'}>
                  {location.type === 'criminal' ? 'Criminal offence' : 'Special category'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {location.what}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="who">
        <Title order={2} fz="h4" id="who" mb="sm">
          Who can see it
        </Title>
        <RowsView
          label="Who can see it"
          rows={roles.flatMap((role) => data!.access.filter((row) => row.role === role))}
          keyOf={(row) => `${row.role} ${row.endpoint}`}
          columns={[
            { label: 'Role', render: (row) => row.role },
            { label: 'Sees', render: (row) => row.shows.join(', ') },
            { label: 'Whose', render: (row) => SCOPES[row.scope] ?? row.scope },
          ]}
          minWidth={420}
          titleOf={(row) => `${row.role}: ${row.shows.join(', ')}`}
        />
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="reads">
        <Title order={2} fz="h4" id="reads" mb="sm">
          Reads
        </Title>
        <Group gap="sm" mb="sm" align="flex-end">
          <DateField label="From" value={period.from} onChange={(from) => from && setPeriod({ ...period, from })} />
          <DateField label="To" value={period.to} onChange={(to) => to && setPeriod({ ...period, to })} />
        </Group>
        <Text size="xs" c="dimmed" mb="xs">
          Reads of medical detail, health answers, fit notes, personal details and incident reports are recorded; the kind of illness on an
          absence and special-category documents are not yet.
        </Text>
        {data && data.reads.length === 0 && (
          <Text size="sm">
            No reads from {formatCalendarDate(period.from, 'dd/MM/yyyy')} to {formatCalendarDate(period.to, 'dd/MM/yyyy')}.
          </Text>
        )}
        {data && data.reads.length > 0 && (
          <RowsView
            label="Reads"
            rows={data.reads.map((read, index) => ({ ...read, key: `${read.at} ${index}` }))}
            keyOf={(read) => read.key}
            columns={[
              { label: 'When', render: (read) => formatLondon(read.at, 'dd/MM/yyyy HH:mm') },
              { label: 'By', render: (read) => read.actorName ?? '—' },
              { label: 'What', render: (read) => describeAction(read.action) },
              { label: 'About', render: (read) => read.personName ?? '—' },
            ]}
            minWidth={420}
            titleOf={(read) => `${describeAction(read.action)}, ${formatLondon(read.at, 'dd/MM/yyyy HH:mm')}`}
          />
        )}
      </Paper>
    </Stack>
  );
}
