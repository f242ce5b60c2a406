// Asking before a destructive or consequential action (deleting, declining, ending access,
// terminating): a small dialog with Cancel and the action, and the server's refusal shown in
// it when there is one. ConfirmButton is the common case of a button that opens it; RemoveDialog
// the common case of removing one item of a list (a device, a passkey, an administrator).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { showSuccessToast } from '../shell/toasts';
import { FormFooter } from './form-footer';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** Why the server refused, shown in the dialog so the user can cancel or try again. */
  problem?: string | null;
  /** The action's colour; red unless said otherwise. */
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({ opened, title, message, confirmLabel, busy, problem, color, onConfirm, onClose }: ConfirmDialogProps) {
  // Drawn from its first opening on (then kept, for its closing to fade out): a closed Modal
  // still sets up its portal and transitions, a second drawing of the page with its first one.
  const [asked, setAsked] = useState(opened);
  if (opened && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <FormFooter
          submitting={busy}
          onCancel={onClose}
          label={confirmLabel}
          problem={problem}
          color={color ?? 'red'}
          onSubmit={onConfirm}
        />
      </Stack>
    </Modal>
  );
}

type ConfirmButtonProps = ButtonProps & {
  children: string;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
};

/** A button whose action waits for a confirmation; a failed action keeps the dialog open (the caller shows why). */
export function ConfirmButton({ children, title, message, confirmLabel, onConfirm, ...props }: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpened(false);
    } catch {
      // The caller's mutation reports the error; the dialog stays to try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button {...props} onClick={() => setOpened(true)}>
        {children}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={title}
        message={message}
        confirmLabel={confirmLabel}
        busy={busy}
        {...(props.color ? { color: props.color } : {})}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

type RemoveDialogProps<T extends { id: string }> = {
  /** The item being removed; null when the dialog is closed. */
  item: T | null;
  title: string;
  /** What removing it means, for this item. */
  message: (item: T) => string;
  /** The mutation that removes an item by its id. */
  removal: UseMutationResult<unknown, unknown, string>;
  /** The toast once it is removed. */
  removed: (item: T) => string;
  /** The refusal shown in the dialog; the error's own message when not given. */
  problem?: (error: unknown) => string | null;
  onClose: () => void;
};

/** Asks before removing `item` (red "Remove"), removes it by id, closes and says so; a refusal stays in the dialog. */
export function RemoveDialog<T extends { id: string }>({ item, title, message, removal, removed, problem, onClose }: RemoveDialogProps<T>) {
  // The text stays while the dialog fades out after the item is cleared.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  const error = removal.error;
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      message={shown ? message(shown) : ''}
      confirmLabel="Remove"
      busy={removal.isPending}
      problem={problem ? problem(error) : error instanceof Error ? error.message : null}
      onConfirm={() => {
        if (!item) return;
        removal.mutate(item.id, {
          onSuccess: () => {
            onClose();
            showSuccessToast({ message: removed(item) });
          },
        });
      }}
      onClose={() => {
        removal.reset();
        onClose();
      }}
    />
  );
}
