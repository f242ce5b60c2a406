// "Export CSV" and "Export XLSX": the directory's current filters (all pages) as a file,
// downloaded with the bearer token (user-export) and saved under the server's name.
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showDangerToast } from '../../../../client/shell/toasts';
import { londonDate } from '../../../../shared/dates';
import { directoryPaths, EXPORT_FORMATS, type DirectoryQuery } from '../../directory.contract';
import { downloadAuthorised, saveBlob } from '../../../../client/api/downloads';

type Format = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FAILED = 'The export could not be downloaded. Please try again.';

export function ExportButtons({ query }: { query: DirectoryQuery }) {
  const [busy, setBusy] = useState<Format | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      const file = await downloadAuthorised(directoryPaths.export, { ...query, format });
      saveBlob(file.blob, file.filename ?? `employees-${londonDate(new Date())}.${format}`);
    } catch {
      showDangerToast({ message: EXPORT_FAILED });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
