// A button whose action waits for a confirmation in a small dialog (removing a manager,
// resetting the calendar link). The identity module has its own; modules share only contracts.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState } from 'react';

type Props = ButtonProps & { children: string; title: string; message: string; confirmLabel: string; onConfirm: () => Promise<unknown> };

export function ConfirmButton({ children, title, message, confirmLabel, onConfirm, ...props }: Props) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpened(false);
    } catch {
      // The caller shows why (its mutation's error); the dialog stays open to try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button {...props} onClick={() => setOpened(true)}>
        {children}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} centered>
        <Stack gap="md">
          <Text>{message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button color={props.color ?? 'red'} loading={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
