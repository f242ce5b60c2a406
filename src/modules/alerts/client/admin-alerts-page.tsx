// /admin/alerts: administrators create, edit, publish and delete the banners and dashboard
// alerts company users see (SPEC §2.5, §3).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pagination.css';
import { Button, Group, Modal, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { AdminAlert } from '../alerts.contract';
import { AlertFormModal } from './alert-form-modal';
import { ADMIN_ALERTS_PAGE_SIZE, adminAlertsQueryOptions, deleteAlertMutationOptions, publishAlertMutationOptions } from './alerts.api';
import { AlertsTable } from './alerts-table';

export function AdminAlertsPage() {
  usePageTitle('Alerts');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ alert: AdminAlert | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminAlert | null>(null);
  const list = useQuery(adminAlertsQueryOptions({ page }));
  const publish = useMutation(publishAlertMutationOptions(queryClient));
  const remove = useMutation(deleteAlertMutationOptions(queryClient));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / ADMIN_ALERTS_PAGE_SIZE)) : 1;

  const publishNow = (alert: AdminAlert) =>
    publish.mutate(alert.id, { onSuccess: () => showSuccessToast({ message: 'Alert published.' }) });
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccessToast({ message: 'Alert deleted.' });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Alerts</Title>
          <Text c="dimmed">
            Banners show in red across the top of the app; dashboard alerts on the dashboard and, for all companies, the login page.
          </Text>
        </Stack>
        <Button onClick={() => setEditing({ alert: null })}>New alert</Button>
      </Group>
      <Paper withBorder radius="lg" p="md">
        {list.isPending && <Text>Loading...</Text>}
        {list.isError && <Text c="red">The alerts could not be loaded.</Text>}
        {list.data && list.data.results.length === 0 && <Text>No alerts yet.</Text>}
        {list.data && list.data.results.length > 0 && (
          <AlertsTable
            alerts={list.data.results}
            busyId={publish.isPending ? (publish.variables ?? null) : null}
            onEdit={(alert) => setEditing({ alert })}
            onPublish={publishNow}
            onDelete={setDeleting}
          />
        )}
        {pages > 1 && <Pagination mt="md" total={pages} value={page} onChange={setPage} />}
      </Paper>
      <AlertFormModal opened={editing !== null} alert={editing?.alert ?? null} onClose={() => setEditing(null)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete alert">
        <Stack gap="md">
          <Text>Delete “{deleting?.short_message}”? Nobody will see it again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
