// A small dialog asking before a consequential action; a refusal from the server stays in it.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  problem: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({ opened, title, message, confirmLabel, busy, problem, onConfirm, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
