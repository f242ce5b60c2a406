// The pieces every settings tab, form and list shares: the tab's heading with its Add button, the
// list's loading, failure and empty states, the problems no field shows, Cancel and Save, and a
// delete (or archive) asked first, with the server's refusal shown in the dialog.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Loader, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../../../client/api/api-client';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { PageHeading } from '../../../../client/ui/page-heading';
import type { LeaveResource } from '../../leave.contract';
import { deleteSettingMutationOptions } from '../leave-settings.api';

export function FormProblems({ messages }: { messages: readonly (string | null | undefined)[] }) {
  const shown = messages.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {shown.join(' ')}
    </Alert>
  );
}

/** The server's words for a refusal it explains (409, 422); nothing for a failure the query client already reported. */
export function refusalOf(error: unknown): string | null {
  return isApiError(error) && error.status < 500 && error.status !== 401 ? error.message : null;
}

type ConfirmDeleteProps = {
  resource: LeaveResource;
  item: { id: string; title: string } | null;
  /** "leave type": the dialog says "Delete leave type". */
  itemLabel: string;
  onClose: () => void;
};

export function ConfirmDelete({ resource, item, itemLabel, onClose }: ConfirmDeleteProps) {
  const queryClient = useQueryClient();
  const remove = useMutation(deleteSettingMutationOptions(queryClient, resource));
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!item) return;
    await remove.mutateAsync(item.id);
    showSuccessToast({ message: `${itemLabel.charAt(0).toUpperCase()}${itemLabel.slice(1)} deleted.` });
    close();
  };
  return (
    <ConfirmDialog
      opened={item !== null}
      title={`Delete ${itemLabel}`}
      message={item ? `Delete “${item.title}”? This cannot be undone.` : ''}
      confirmLabel="Delete"
      busy={remove.isPending}
      problem={refusalOf(remove.error)}
      onConfirm={() => void confirm().catch(() => undefined)}
      onClose={close}
    />
  );
}

/** A settings tab's heading: its title, what it is for, and its Add button where the viewer may add. */
export function SettingsHeading({
  title,
  description,
  addLabel,
  onAdd,
}: {
  title: string;
  description: string;
  addLabel: string;
  onAdd: (() => void) | null;
}) {
  return (
    <PageHeading
      title={title}
      description={description}
      order={2}
      size="h3"
      action={onAdd && <Button onClick={onAdd}>{addLabel}</Button>}
    />
  );
}

type SettingsQuery<T> = { isPending: boolean; isError: boolean; data?: T[] | undefined };

/** A settings list while its query runs ("The leave types could not be loaded.", "No leave types yet."), then its rows. */
export function SettingsStates<T>({
  query,
  what,
  empty,
  children,
}: {
  query: SettingsQuery<T>;
  what: string;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      {query.isPending && <Loader size="sm" aria-label="Loading" />}
      {query.isError && <Alert color="red">The {what} could not be loaded.</Alert>}
      {query.data?.length === 0 && <Text>{empty}</Text>}
      {query.data && query.data.length > 0 && children(query.data)}
    </>
  );
}
