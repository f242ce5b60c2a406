// /admin/alerts: administrators create, edit, publish and delete the banners and dashboard
// alerts company users see. Opened from the outbox to correct a refused alert, its dialog opens
// with what was sent.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCorrection } from '../../../client/offline/outbox-correction';
import { PENDING_STATES, useOutboxItems } from '../../../client/offline/outbox-items';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { OutboxItemSummary, OutboxState } from '../../../shared/sw-messages';
import { alertPaths, ALERT_KINDS, type AdminAlert, type CreateAlertInput } from '../alerts.contract';
import { AlertFormModal } from './alert-form-modal';
import {
  ADMIN_ALERTS_PAGE_SIZE,
  adminAlertsQueryOptions,
  ALERTS_FORM,
  ALERTS_RESOURCE,
  deleteAlertMutationOptions,
  publishAlertMutationOptions,
} from './alerts.api';
import { AlertsTable, type QueuedAlert } from './alerts-table';
import { ListPager } from '../../../client/ui/list-pager';

/** Alert writes still in the outbox: creates to list first, changes to mark on their alert's row. */
function useQueuedAlerts(): { creates: QueuedAlert[]; changes: Map<string, OutboxState> } {
  const items = useOutboxItems(ALERTS_RESOURCE);
  return useMemo(() => {
    const pending = items.filter((item) => PENDING_STATES.includes(item.state));
    const creates = pending.filter((item) => item.method === 'POST' && item.url === alertPaths.alerts).flatMap(queuedAlertOf);
    const changes = new Map<string, OutboxState>();
    for (const item of pending) {
      if (item.method !== 'PUT') continue;
      const id = changedAlertId(item);
      if (id) changes.set(id, item.state);
    }
    return { creates, changes };
  }, [items]);
}

/** The alert a queued change (PUT /api/alerts/{id}) was for. */
const changedAlertId = (item: OutboxItemSummary) =>
  item.method === 'PUT' ? decodeURIComponent(item.url.split('?')[0]?.split('/').pop() ?? '') || null : null;

function queuedAlertOf(item: OutboxItemSummary): QueuedAlert[] {
  const body = item.body as Partial<CreateAlertInput> | undefined;
  const kind = ALERT_KINDS.find((known) => known === body?.kind);
  if (!body || !kind || typeof body.short_message !== 'string') return [];
  return [{ id: item.id, kind, short_message: body.short_message, company_id: body.company_id ?? null, state: item.state }];
}

export function AdminAlertsPage() {
  usePageTitle('Alerts');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const correction = useCorrection(ALERTS_FORM);
  // A refused change to an alert deleted meanwhile (404) is made again as a new alert.
  const correctedId = correction && correction.error?.status !== 404 ? changedAlertId(correction) : null;
  const [editing, setEditing] = useState<{ alert: AdminAlert | null } | null>(null);
  const [correcting, setCorrecting] = useState(correction !== null);
  const [deleting, setDeleting] = useState<AdminAlert | null>(null);
  const list = useQuery(adminAlertsQueryOptions({ page }));
  const queued = useQueuedAlerts();
  const queuedCreates = page === 1 ? queued.creates : [];
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
        {list.data && list.data.results.length === 0 && queuedCreates.length === 0 && <Text>No alerts yet.</Text>}
        {list.data && list.data.results.length + queuedCreates.length > 0 && (
          <AlertsTable
            alerts={list.data.results}
            queued={queuedCreates}
            pendingChanges={queued.changes}
            busyId={publish.isPending ? (publish.variables ?? null) : null}
            onEdit={(alert) => setEditing({ alert })}
            onPublish={publishNow}
            onDelete={setDeleting}
          />
        )}
        <ListPager mt="md" pages={pages} page={page} onPage={setPage} />
      </Paper>
      <AlertFormModal opened={editing !== null} alert={editing?.alert ?? null} onClose={() => setEditing(null)} />
      <AlertFormModal
        // Once the list is in, so a changed alert's company is named as it is.
        opened={correcting && !list.isPending}
        alert={list.data?.results.find((alert) => alert.id === correctedId) ?? null}
        alertId={correctedId}
        correction={correction}
        onClose={() => setCorrecting(false)}
      />
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
