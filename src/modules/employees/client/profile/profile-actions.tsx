// What the viewer may do to the person on a profile: edit the basic details, send an
// invitation (pending or invited people), terminate (with its own dialog), cancel a
// termination (after a confirmation), export their personal data (the privacy module's subject
// access export, after a confirmation). Buttons on wider screens, one menu on phones.
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showDangerToast, showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { directoryPaths, USER_BASIC_ENDPOINT, type UserBasic } from '../../directory.contract';
import { cancelTerminationMutationOptions, inviteMutationOptions, refusalMessage } from '../directory.api';
import { fullName } from '../directory/directory-table';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { apiFetch } from '../../../../client/api/api-client';
import { PERSONAL_DATA_EXPORTS_ENDPOINT, privacyPaths } from '../../../privacy/privacy.contract';
import { EditBasicModal } from './edit-basic-modal';
import { TerminateModal } from './terminate-modal';
import { usePhone } from '../../../../client/ui/phone';

type Action = { key: 'edit' | 'invite' | 'terminate' | 'cancel' | 'export'; label: string; danger?: boolean };

export function profileActions(user: UserBasic, self: boolean): Action[] {
  const actions: Action[] = [];
  if (can({ endpoint: USER_BASIC_ENDPOINT, method: 'PUT' })) actions.push({ key: 'edit', label: 'Edit' });
  const wideEditor = can({ endpoint: USER_BASIC_ENDPOINT, method: 'PUT', scope: 'department' });
  if (!self && wideEditor && (user.status === 'pending' || user.status === 'invited'))
    actions.push({ key: 'invite', label: 'Send invitation' });
  if (user.termination_date) {
    if (can({ endpoint: directoryPaths.cancelTermination, method: 'POST' })) actions.push({ key: 'cancel', label: 'Cancel termination' });
  } else if (!self && can({ endpoint: directoryPaths.terminate, method: 'POST' })) {
    actions.push({ key: 'terminate', label: 'Terminate', danger: true });
  }
  if (can({ endpoint: PERSONAL_DATA_EXPORTS_ENDPOINT, method: 'POST', scope: self ? 'own' : 'company' }))
    actions.push({ key: 'export', label: self ? 'Export my data' : 'Export personal data' });
  return actions;
}

export function ProfileActions({ user, self }: { user: UserBasic; self: boolean }) {
  const queryClient = useQueryClient();
  const phone = usePhone();
  const [open, setOpen] = useState<Action['key'] | null>(null);
  const invite = useMutation(inviteMutationOptions(queryClient));
  const cancel = useMutation(cancelTerminationMutationOptions(queryClient));
  const navigate = useNavigate();
  const exportData = useMutation({
    mutationFn: () => apiFetch(privacyPaths.exports, { method: 'POST', body: { userId: user.id } }),
    meta: { errorToast: false },
  });
  const name = fullName(user);
  const actions = profileActions(user, self);
  if (actions.length === 0) return null;

  const run = (key: Action['key']) => {
    if (key !== 'invite') return setOpen(key);
    invite.mutate(user.id, {
      onSuccess: () => showSuccessToast({ message: `An invitation has been sent to ${user.email}.` }),
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'The invitation could not be sent.' }),
    });
  };
  const close = () => {
    setOpen(null);
    cancel.reset();
    exportData.reset();
  };

  return (
    <>
      {phone ? (
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={`Actions for ${name}`}>
              <IconDots size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {actions.map((action) => (
              <Menu.Item key={action.key} color={action.danger ? 'red' : undefined} onClick={() => run(action.key)}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.key}
              size="sm"
              variant={action.danger ? 'light' : 'default'}
              color={action.danger ? 'red' : undefined}
              loading={action.key === 'invite' && invite.isPending}
              onClick={() => run(action.key)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
      <EditBasicModal opened={open === 'edit'} user={user} onClose={close} />
      <TerminateModal opened={open === 'terminate'} userId={user.id} name={name} onClose={close} />
      <ConfirmDialog
        opened={open === 'cancel'}
        title="Cancel termination"
        message={`Cancel ${name}'s termination? They keep their access and stay in the directory.`}
        confirmLabel="Cancel termination"
        busy={cancel.isPending}
        problem={cancel.isError ? (refusalMessage(cancel.error) ?? 'The termination could not be cancelled.') : null}
        onConfirm={() =>
          cancel.mutate(user.id, {
            onSuccess: () => {
              showSuccessToast({ message: `${name}'s termination has been cancelled.` });
              close();
            },
          })
        }
        onClose={close}
      />
      <ConfirmDialog
        opened={open === 'export'}
        title="Export personal data"
        message={`Gather everything Stafflane holds about ${name} into one zip: a readable summary, the records as JSON and the original files. It is built in the background; the request is recorded in the audit log.`}
        confirmLabel="Start export"
        busy={exportData.isPending}
        problem={exportData.isError ? (refusalMessage(exportData.error) ?? 'The export could not be started.') : null}
        onConfirm={() =>
          exportData.mutate(undefined, {
            onSuccess: () => {
              showSuccessToast({ message: `The export of ${name}'s data has started.` });
              close();
              void navigate({ to: '/settings/personal-data-exports' });
            },
          })
        }
        onClose={close}
      />
    </>
  );
}
