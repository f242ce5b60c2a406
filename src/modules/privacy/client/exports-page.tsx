// /settings/personal-data-exports: the subject access exports of the company (or, for an
// employee, their own): who, asked by whom, the job's progress while it builds, and the
// download until the link expires. Exports are asked for from a person's profile.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast } from '../../../client/shell/toasts';
import { can } from '../../../client/ui/permission-guard';
import { formatLondon } from '../../../shared/dates';
import { EXPORT_LINK_DAYS, PERSONAL_DATA_EXPORTS_ENDPOINT, privacyPaths, type PersonalDataExport } from '../privacy.contract';
import { exportsQueryOptions, refusalMessage } from './privacy.api';
import { saveFile } from '../../../client/api/downloads';

const STATUS: Record<PersonalDataExport['status'], { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'gray' },
  building: { label: 'Building', color: 'blue' },
  ready: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
};

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ExportCard({ item }: { item: PersonalDataExport }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const status = STATUS[item.status];
  const percent = item.total > 0 ? Math.round((item.progress / item.total) * 100) : 0;
  const download = async () => {
    setBusy(true);
    try {
      const name = `personal-data-${item.personName.replace(/[^A-Za-z0-9]+/g, '-')}-${item.createdAt.slice(0, 10)}.zip`;
      await saveFile(privacyPaths.download(item.id), name);
      await queryClient.invalidateQueries({ queryKey: exportsQueryOptions().queryKey });
    } catch (error) {
      showDangerToast({ message: refusalMessage(error) ?? 'The export could not be downloaded.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={`Export for ${item.personName}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{item.personName}</Text>
          <Text size="sm" c="dimmed">
            Asked for {formatLondon(item.createdAt, 'dd/MM/yyyy HH:mm')}
            {item.requestedByName ? ` by ${item.requestedByName}` : ''}
          </Text>
        </div>
        <Badge color={status.color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
          {status.label}
        </Badge>
      </Group>
      {(item.status === 'queued' || item.status === 'building') && (
        <Stack gap={4} mt="sm">
          <Progress value={percent} animated aria-label={`Export progress ${percent}%`} />
          <Text size="xs" c="dimmed" role="status">
            {item.status === 'queued' ? 'Waiting for the export job…' : `Gathering every module’s records: ${percent}%`}
          </Text>
        </Stack>
      )}
      {item.status === 'failed' && (
        <Alert color="red" mt="sm">
          {item.error ?? 'The export could not be built.'} Ask for a new one.
        </Alert>
      )}
      {item.status === 'ready' && (
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm" c="dimmed">
            {item.sizeBytes !== null ? `${megabytes(item.sizeBytes)} · ` : ''}
            Link expires {item.expiresAt ? formatLondon(item.expiresAt, 'dd/MM/yyyy') : ''}
            {item.downloadedAt ? ` · downloaded ${formatLondon(item.downloadedAt, 'dd/MM/yyyy HH:mm')}` : ''}
          </Text>
          <Button leftSection={<IconDownload size={16} aria-hidden="true" />} loading={busy} onClick={() => void download()}>
            Download zip
          </Button>
        </Group>
      )}
    </Paper>
  );
}

export function ExportsPage() {
  usePageTitle('Personal data exports');
  const exports = useQuery(exportsQueryOptions());
  const wide = can({ endpoint: PERSONAL_DATA_EXPORTS_ENDPOINT, method: 'GET', scope: 'company' });
  return (
    <Stack gap="md" maw={820}>
      <Title order={1} fz="h2">
        Personal data exports
      </Title>
      <Text size="sm" c="dimmed">
        Each export holds everything Stafflane keeps about one person: a readable summary, the same records as JSON, and the original files.
        {wide ? ' Ask for one from the person’s profile (Actions → Export personal data).' : ' Ask for yours from your profile.'} Links
        expire after {EXPORT_LINK_DAYS} days; every request and download is recorded in the audit log.
      </Text>
      {exports.isError && <Alert color="red">The exports could not be loaded.</Alert>}
      {exports.data?.length === 0 && <Text c="dimmed">No exports yet.</Text>}
      {exports.data?.map((item) => (
        <ExportCard key={item.id} item={item} />
      ))}
    </Stack>
  );
}
