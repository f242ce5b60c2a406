// A tab section listing a person's dated records of one resource, newest first, a page at a
// time, with add and edit in a modal and delete after a confirmation — each shown only to
// viewers whose permissions hold the method (the server decides anyway).
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { RowActions, RowsView, type RowColumn, type RowMark } from '../../../../client/ui/rows-view';
import type { ListResponse } from '../../../../shared/list';
import type { EmploymentRecordResource } from '../../employment-records.contract';
import { deleteRecordMutationOptions, HISTORY_PAGE_SIZE, recordPageQueryOptions } from './employment-records.api';
import { FormModal } from '../../../../client/ui/form-modal';
import { QueryState, RecordSection } from './personal-records-ui';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { ListPager } from '../../../../client/ui/list-pager';

export type RecordFormProps<T> = { record: T | null; onDone: () => void };

type Props<T extends { id: string }, TList extends ListResponse<T>> = {
  resource: EmploymentRecordResource;
  userId: string;
  title: string;
  /** What one record is called, in lower case ("contract"). */
  noun: string;
  emptyText: string;
  /** The add button's words; "Add {noun}" by default. */
  addLabel?: string;
  columns: readonly RowColumn<T>[];
  titleOf: (record: T) => string;
  markOf?: (record: T) => RowMark | null;
  filters?: Record<string, string>;
  /** Above the records: what the list says as a whole (the latest termination date). */
  summary?: (list: TList) => ReactNode;
  renderForm: (props: RecordFormProps<T>) => ReactNode;
};

export function RecordHistory<T extends { id: string }, TList extends ListResponse<T> = ListResponse<T>>(props: Props<T, TList>) {
  const { resource, userId, noun } = props;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const list = useQuery(recordPageQueryOptions<TList>(resource, { userId, page, ...(props.filters ? { filters: props.filters } : {}) }));
  const remove = useMutation(deleteRecordMutationOptions(queryClient, resource));
  const endpoint = `/api/${resource}`;
  const mayAdd = can({ endpoint, method: 'POST' });
  const mayEdit = can({ endpoint, method: 'PUT' });
  const mayDelete = can({ endpoint, method: 'DELETE' });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / HISTORY_PAGE_SIZE)) : 1;
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccessToast({ message: `${capitalised} deleted.` });
        setDeleting(null);
        if (list.data?.results.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };
  const close = () => setEditing(null);

  return (
    <RecordSection title={props.title}>
      <Stack gap="sm">
        <QueryState query={list} what={props.title.toLowerCase()} />
        {list.data && props.summary?.(list.data)}
        {list.data?.count === 0 && <Text c="dimmed">{props.emptyText}</Text>}
        {list.data && list.data.results.length > 0 && (
          <RowsView
            label={props.title}
            rows={list.data.results}
            columns={props.columns}
            minWidth={640}
            titleOf={props.titleOf}
            markOf={props.markOf}
            actions={
              mayEdit || mayDelete
                ? (record) => (
                    <RowActions
                      name={props.titleOf(record)}
                      onEdit={mayEdit ? () => setEditing({ record }) : null}
                      onDelete={mayDelete ? () => setDeleting(record) : null}
                    />
                  )
                : undefined
            }
          />
        )}
        <ListPager pages={pages} page={page} onPage={setPage} label={`${props.title} pages`} />
        {mayAdd && list.data && (
          <Group>
            <Button onClick={() => setEditing({ record: null })}>{props.addLabel ?? `Add ${noun}`}</Button>
          </Group>
        )}
      </Stack>
      <FormModal opened={editing !== null} title={editing?.record ? `Edit ${noun}` : `Add ${noun}`} onClose={close}>
        {editing && <div key={editing.record?.id ?? 'new'}>{props.renderForm({ record: editing.record, onDone: close })}</div>}
      </FormModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${noun}`}
        message={deleting ? `Delete ${props.titleOf(deleting)}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </RecordSection>
  );
}
