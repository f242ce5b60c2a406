// Deleting an organisation item after a confirmation. An item in use answers 409 with what
// to do first ("This location is used by 3 employees. Move them first."), shown here.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { deleteItemMutationOptions } from './organisation.api';

type Props = {
  resource: string;
  itemLabel: string;
  /** The item to delete and its name; null when closed. */
  item: { id: string; title: string } | null;
  alsoRefresh?: readonly string[];
  onClose: () => void;
};

export function DeleteItemModal({ resource, itemLabel, item, alsoRefresh, onClose }: Props) {
  const queryClient = useQueryClient();
  const remove = useMutation(deleteItemMutationOptions(queryClient, resource, alsoRefresh));
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        showSuccessToast({ message: `“${item.title}” deleted.` });
        close();
      },
    });
  };
  const refusal = isApiError(remove.error, 409) ? remove.error.message : null;
  return (
    <Modal opened={item !== null} onClose={close} title={`Delete ${itemLabel}`} centered>
      <Stack gap="md">
        <Text>Delete “{item?.title}”? This cannot be undone.</Text>
        {refusal && (
          <Alert color="red" role="alert" title="It cannot be deleted yet">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {refusal ? 'Close' : 'Cancel'}
          </Button>
          {!refusal && (
            <Button color="red" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
