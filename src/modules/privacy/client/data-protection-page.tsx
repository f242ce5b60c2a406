// /settings/data-protection: whether people may export their own data, the retention schedule
// (each kind with its UK default and the reason for it, changeable within its limits), and
// what the next nightly run will remove.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { can } from '../../../client/ui/permission-guard';
import { formatLondon } from '../../../shared/dates';
import { DATA_PROTECTION_ENDPOINT, type PrivacySettings } from '../privacy.contract';
import { privacySettingsQueryOptions, refusalMessage, retentionPreviewQueryOptions, saveSettingsMutationOptions } from './privacy.api';

const BASIS = {
  record: 'after the record’s date',
  'tax-year': 'after the end of its tax year',
  'employment-end': 'after employment ends',
} as const;
const years = (months: number) => (months % 12 === 0 ? `${months / 12} year${months === 12 ? '' : 's'}` : `${months} months`);

function SettingsForm({ saved, editable }: { saved: PrivacySettings; editable: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveSettingsMutationOptions(queryClient));
  const [selfExport, setSelfExport] = useState(saved.selfExportAllowed);
  const [months, setMonths] = useState<Record<string, number | string>>(
    Object.fromEntries(saved.retention.map((row) => [row.kind, row.months])),
  );
  const fieldErrors = (save.error as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {};
  const fieldError = (kind: string) => fieldErrors[`retention.${kind}`]?.[0];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const retention = Object.fromEntries(Object.entries(months).map(([kind, value]) => [kind, Number(value)]));
        save.mutate(
          { selfExportAllowed: selfExport, retention },
          { onSuccess: () => showSuccessToast({ message: 'Data protection settings saved.' }) },
        );
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="self-export">
          <Title order={2} fz="h4" id="self-export">
            Subject access
          </Title>
          <Switch
            mt="sm"
            disabled={!editable}
            checked={selfExport}
            onChange={(event) => setSelfExport(event.currentTarget.checked)}
            label="People may export their own data from their profile"
            description="Owners and HR admins can always export anyone’s data. A request must be answered within a month."
          />
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="retention">
          <Title order={2} fz="h4" id="retention">
            Retention schedule
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Each night, records past their period are deleted — or, where reports need the counts, the person is anonymised. Periods can be
            changed within the limits shown.
          </Text>
          <Stack gap="sm">
            {saved.retention.map((row) => (
              <Paper key={row.kind} withBorder radius="md" p="sm">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {row.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      UK default: {years(row.defaultMonths)} {BASIS[row.basis]}. {row.reason}
                    </Text>
                  </div>
                  <NumberInput
                    w={150}
                    label="Months kept"
                    aria-label={`Months kept: ${row.label}`}
                    min={row.minMonths}
                    max={row.maxMonths}
                    allowDecimal={false}
                    disabled={!editable}
                    description={`${row.minMonths}–${row.maxMonths}`}
                    value={months[row.kind]}
                    error={fieldError(row.kind)}
                    onChange={(value) => setMonths({ ...months, [row.kind]: value })}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        </Paper>
        {save.isError && Object.keys(fieldErrors).length === 0 && (
          <Alert color="red">{refusalMessage(save.error) ?? 'The settings could not be saved.'}</Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function NextRun() {
  const preview = useQuery(retentionPreviewQueryOptions());
  if (!preview.data) return null;
  const { rows, lastRun } = preview.data;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="next-run">
      <Title order={2} fz="h4" id="next-run">
        The next run
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {lastRun
          ? `Last run ${formatLondon(lastRun.at, 'dd/MM/yyyy HH:mm')}: ${lastRun.removed} records removed or anonymised. `
          : 'No run yet. '}
        Tonight’s run, as the schedule stands:
      </Text>
      {rows.length === 0 ? (
        <Text size="sm">Nothing is past its date.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Records</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th ta="right">Rows</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.table}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td>{row.action === 'delete' ? 'Delete' : 'Anonymise'}</Table.Td>
                  <Table.Td ta="right">{row.rows}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

export function DataProtectionPage() {
  usePageTitle('Data protection');
  const settings = useQuery(privacySettingsQueryOptions());
  const editable = can({ endpoint: DATA_PROTECTION_ENDPOINT, method: 'PUT', scope: 'company' });
  return (
    <Stack gap="md" maw={880}>
      <Title order={1} fz="h2">
        Data protection
      </Title>
      {settings.isError && <Alert color="red">The settings could not be loaded.</Alert>}
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} editable={editable} />}
      <NextRun />
    </Stack>
  );
}
