// Monthly e-mails of a report: who gets which report on the 1st of each month (last month's
// figures), adding one, and stopping one after a confirmation.
import { Alert, Button, Group, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { directoryPaths, type DirectoryPage } from '../../employees/directory.contract';
import type { ReportSummary } from '../../../shared/reports.contract';
import { createSubscriptionMutationOptions, deleteSubscriptionMutationOptions, subscriptionsQueryOptions } from './reports.api';

export function ReportSubscriptions({ reports }: { reports: ReportSummary[] }) {
  const queryClient = useQueryClient();
  const subscriptions = useQuery(subscriptionsQueryOptions());
  const people = useQuery({
    queryKey: ['user-basic', 'report-recipients'],
    queryFn: ({ signal }) =>
      apiFetch<DirectoryPage>(directoryPaths.userBasic, { signal, query: { status: ['active'], limit: 100, sort: 'name' } }),
  });
  const create = useMutation(createSubscriptionMutationOptions(queryClient));
  const remove = useMutation(deleteSubscriptionMutationOptions(queryClient));
  const [reportKey, setReportKey] = useState<string | null>(reports[0]?.key ?? null);
  const [recipients, setRecipients] = useState<string[]>([]);
  const errors = isApiError(create.error, 422) ? (create.error.fieldErrors ?? {}) : {};

  return (
    <Stack gap="sm" component="section" aria-label="Monthly e-mails">
      <Title order={2} size="h3">
        Monthly e-mails
      </Title>
      <Text size="sm" c="dimmed">
        On the 1st of each month, last month’s report goes to the people chosen (those who may see reports).
      </Text>
      {(subscriptions.data ?? []).map((s) => (
        <Paper key={s.id} withBorder radius="md" p="sm">
          <Group justify="space-between">
            <div>
              <Text fw={600}>{s.report_title}</Text>
              <Text size="sm">To {s.recipients.map((r) => r.name).join(', ')}</Text>
            </div>
            <ConfirmButton
              variant="subtle"
              color="red"
              title="Stop this e-mail"
              message="Stop sending this report every month?"
              confirmLabel="Stop"
              onConfirm={() => remove.mutateAsync(s.id)}
            >
              Stop
            </ConfirmButton>
          </Group>
        </Paper>
      ))}
      <Group align="flex-end" gap="sm">
        <Select
          label="Report"
          data={reports.map((r) => ({ value: r.key, label: r.title }))}
          value={reportKey}
          onChange={setReportKey}
          allowDeselect={false}
          w={220}
          error={errors.report_key?.[0]}
        />
        <MultiSelect
          label="Send to"
          searchable
          data={(people.data?.results ?? []).map((p) => ({ value: p.id, label: `${p.first_name} ${p.surname}` }))}
          value={recipients}
          onChange={setRecipients}
          w={320}
          error={errors.recipient_ids?.[0]}
        />
        <Button
          loading={create.isPending}
          disabled={!reportKey || recipients.length === 0}
          onClick={() =>
            create.mutate(
              { report_key: reportKey ?? '', recipient_ids: recipients },
              {
                onSuccess: () => {
                  setRecipients([]);
                  showSuccessToast({ message: 'The report will be e-mailed on the 1st of each month.' });
                },
              },
            )
          }
        >
          E-mail monthly
        </Button>
      </Group>
      {create.error && !isApiError(create.error, 422) && <Alert color="red">{create.error.message}</Alert>}
    </Stack>
  );
}
