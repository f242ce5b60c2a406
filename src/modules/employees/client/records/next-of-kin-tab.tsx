// The profile's Next of kin tab: the person's contacts in an emergency, a page at a time,
// with add, edit and delete (after a confirmation) for viewers who may change them.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { personalRecordEndpoints, type NextOfKin } from '../../personal-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { deleteNextOfKinMutationOptions, nextOfKinQueryOptions, RECORDS_PAGE_SIZE } from './personal-records.api';
import { NextOfKinModal } from './next-of-kin-form';
import { QueryState, ReadView, RecordSection } from './personal-records-ui';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { ListPager } from '../../../../client/ui/list-pager';

function KinCard({ kin, onEdit, onDelete }: { kin: NextOfKin; onEdit: (() => void) | null; onDelete: (() => void) | null }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={kin.name}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Stack gap={0}>
          <Text fw={600}>{kin.name}</Text>
          <Text size="sm" c="dimmed">
            {kin.relationship}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {onEdit && (
            <Button variant="light" size="xs" onClick={onEdit} aria-label={`Edit ${kin.name}`}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Button variant="light" color="red" size="xs" onClick={onDelete} aria-label={`Delete ${kin.name}`}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <ReadView
        items={[
          { label: 'Phone', value: kin.phone },
          { label: 'E-mail', value: kin.email },
          { label: 'Address', value: kin.address },
        ]}
      />
    </Paper>
  );
}

export default function NextOfKinTab({ userId }: ProfileTabProps) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ kin: NextOfKin | null } | null>(null);
  const [deleting, setDeleting] = useState<NextOfKin | null>(null);
  const list = useQuery(nextOfKinQueryOptions(userId, page));
  const remove = useMutation(deleteNextOfKinMutationOptions(queryClient, userId));
  const mayAdd = can({ endpoint: personalRecordEndpoints.nextOfKin, method: 'POST' });
  const mayEdit = can({ endpoint: personalRecordEndpoints.nextOfKin, method: 'PUT' });
  const mayDelete = can({ endpoint: personalRecordEndpoints.nextOfKin, method: 'DELETE' });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / RECORDS_PAGE_SIZE)) : 1;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccessToast({ message: 'Next of kin deleted.' });
        setDeleting(null);
        if (list.data?.results.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Stack gap="lg">
      <RecordSection title="Next of kin">
        <Stack gap="sm">
          <QueryState query={list} what="next of kin" />
          {list.data?.count === 0 && <Text c="dimmed">No next of kin have been added.</Text>}
          {list.data?.results.map((kin) => (
            <KinCard
              key={kin.id}
              kin={kin}
              onEdit={mayEdit ? () => setEditing({ kin }) : null}
              onDelete={mayDelete ? () => setDeleting(kin) : null}
            />
          ))}
          <ListPager pages={pages} page={page} onPage={setPage} label="Next of kin pages" />
          {mayAdd && list.data && (
            <Group>
              <Button onClick={() => setEditing({ kin: null })}>Add next of kin</Button>
            </Group>
          )}
        </Stack>
      </RecordSection>
      <NextOfKinModal userId={userId} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete next of kin"
        message={`Delete ${deleting?.name ?? ''} from the next of kin?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
