// The pieces every settings form and list shares: the problems no field shows, Cancel and Save,
// and a delete (or archive) asked first, with the server's refusal shown in the dialog.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Alert } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../../client/api/api-client';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
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
