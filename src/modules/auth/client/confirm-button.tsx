// A button whose action waits for a confirmation in a small dialog (destructive or
// consequential actions: declining, ending access).
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState } from 'react';

export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  onConfirm,
  ...props
}: ButtonProps & { children: string; title: string; message: string; confirmLabel: string; onConfirm: () => Promise<unknown> }) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpened(false);
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
