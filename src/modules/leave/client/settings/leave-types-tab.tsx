// The company's leave types: the 15 built-in UK types and its own. Built-ins can be renamed
// and archived but not deleted; archiving (asked first) stops a type being offered for new
// requests while existing absences keep it. Read-only without PUT.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Badge, Button, ColorSwatch, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { can } from '../../../../client/ui/permission-guard';
import { RowsView, type RowColumn } from '../../../../client/ui/rows-view';
import { type LeaveType } from '../../leave-settings.contract';
import { LEAVE_RESOURCES } from '../../leave.contract';
import { saveSettingMutationOptions } from '../leave-settings.api';
import { leaveTypesQueryOptions } from '../requests.api';
import { ConfirmDelete, refusalOf, SettingsHeading, SettingsStates } from './form-parts';
import { FormModal } from '../../../../client/ui/form-modal';
import { leaveTypeInput, LeaveTypeForm } from './leave-type-form';

const ENDPOINT = '/api/leave-type';
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const COLUMNS: RowColumn<LeaveType>[] = [
  {
    label: 'Name',
    render: (type) => (
      <Group gap={6} wrap="wrap">
        <ColorSwatch color={`var(--mantine-color-${type.colour}-6)`} size={12} aria-hidden />
        <Text span size="sm" fw={500}>
          {type.name}
        </Text>
        {type.key && (
          <Badge variant="light" color="gray">
            Built-in
          </Badge>
        )}
        {type.archived && (
          <Badge variant="light" color="yellow">
            Archived
          </Badge>
        )}
      </Group>
    ),
  },
  { label: 'Paid', render: (type) => yesNo(type.paid) },
  { label: 'Deducted', render: (type) => yesNo(type.deducted) },
  { label: 'Needs approval', render: (type) => yesNo(type.needs_approval) },
];

export function LeaveTypesTab() {
  const queryClient = useQueryClient();
  const types = useQuery(leaveTypesQueryOptions({ includeArchived: true }));
  const save = useMutation(saveSettingMutationOptions<LeaveType>(queryClient, LEAVE_RESOURCES.leaveType));
  const [editing, setEditing] = useState<{ type: LeaveType | null } | null>(null);
  const [archiving, setArchiving] = useState<LeaveType | null>(null);
  const [deleting, setDeleting] = useState<LeaveType | null>(null);
  const mayEdit = can({ endpoint: ENDPOINT, method: 'PUT' });
  const mayCreate = can({ endpoint: ENDPOINT, method: 'POST' });
  const mayDelete = can({ endpoint: ENDPOINT, method: 'DELETE' });

  const setArchived = async (type: LeaveType, archived: boolean) => {
    await save.mutateAsync({ id: type.id, body: { ...leaveTypeInput(type), archived } });
    showSuccessToast({ message: archived ? 'Leave type archived.' : 'Leave type restored.' });
    setArchiving(null);
  };
  const actions = (type: LeaveType) => (
    <>
      {mayEdit && (
        <Button size="xs" variant="light" onClick={() => setEditing({ type })} aria-label={`Edit ${type.name}`}>
          Edit
        </Button>
      )}
      {mayEdit &&
        (type.archived ? (
          <Button
            size="xs"
            variant="subtle"
            onClick={() => void setArchived(type, false).catch(() => undefined)}
            aria-label={`Restore ${type.name}`}
          >
            Restore
          </Button>
        ) : (
          <Button size="xs" variant="subtle" onClick={() => setArchiving(type)} aria-label={`Archive ${type.name}`}>
            Archive
          </Button>
        ))}
      {mayDelete && !type.key && (
        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(type)} aria-label={`Delete ${type.name}`}>
          Delete
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="md">
      <SettingsHeading
        title="Leave types"
        description="What people can book, and whether it is paid, deducted and approved."
        addLabel="Add leave type"
        onAdd={mayCreate ? () => setEditing({ type: null }) : null}
      />
      <Paper withBorder radius="md" p="md">
        <SettingsStates query={types} what="leave types" empty="No leave types yet.">
          {(rows) => <RowsView label="Leave types" rows={rows} columns={COLUMNS} actions={mayEdit || mayDelete ? actions : undefined} />}
        </SettingsStates>
      </Paper>
      <FormModal opened={editing !== null} title={editing?.type ? 'Edit leave type' : 'Add leave type'} onClose={() => setEditing(null)}>
        <LeaveTypeForm type={editing?.type ?? null} onClose={() => setEditing(null)} />
      </FormModal>
      <ConfirmDialog
        opened={archiving !== null}
        title="Archive leave type"
        message={
          archiving ? `Archive “${archiving.name}”? It will no longer be offered for new requests; absences already booked keep it.` : ''
        }
        confirmLabel="Archive"
        busy={save.isPending}
        problem={refusalOf(save.error)}
        onConfirm={() => archiving && void setArchived(archiving, true).catch(() => undefined)}
        onClose={() => setArchiving(null)}
      />
      <ConfirmDelete
        resource={LEAVE_RESOURCES.leaveType}
        itemLabel="leave type"
        item={deleting && { id: deleting.id, title: deleting.name }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
