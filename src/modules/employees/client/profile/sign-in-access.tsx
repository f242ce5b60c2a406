// A person's own sign-in access on their profile, for those who may change it (owners and HR
// admins, never for themselves): Active, On hold or Access disabled, changed with a reason, and
// disabling confirmed first. The server refuses anyone else whatever this shows.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Radio.css';
import { Badge, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../../client/api/api-client';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { FormFooter } from '../../../../client/ui/form-footer';
import { can } from '../../../../client/ui/permission-guard';
import { PERSON_ACCESS, USER_ACCESS_ENDPOINT, type PersonAccessValue } from '../../../companies/setup.contract';
import type { UserBasic } from '../../directory.contract';
import { refusalMessage } from '../directory.api';
import { fullName } from '../directory/directory-table';
import { updateUserAccessMutationOptions } from '../user-access.api';

export const ACCESS_LABELS: Record<PersonAccessValue, string> = { active: 'Active', on_hold: 'On hold', disabled: 'Access disabled' };
const ACCESS_COLOURS: Record<PersonAccessValue, string> = { active: 'green', on_hold: 'yellow', disabled: 'red' };
const ACCESS_HINTS: Record<PersonAccessValue, string> = {
  active: 'They sign in as usual.',
  on_hold: 'Sign-in is refused: they are told their account is temporarily on hold.',
  disabled: 'Sign-in is refused: they are told to contact their line manager.',
};

export const maySetSignInAccess = (self: boolean) => !self && can({ endpoint: USER_ACCESS_ENDPOINT, method: 'PUT', scope: 'company' });

export function SignInAccess({ user, self }: { user: UserBasic; self: boolean }) {
  const [changing, setChanging] = useState(false);
  if (!maySetSignInAccess(self)) return null;
  const name = fullName(user);
  return (
    <Group gap="xs">
      <Text size="sm">Sign-in access</Text>
      <Badge variant="light" color={ACCESS_COLOURS[user.access]} style={{ flexShrink: 0, overflow: 'visible' }}>
        {ACCESS_LABELS[user.access]}
      </Badge>
      <Button size="compact-sm" variant="subtle" onClick={() => setChanging(true)} aria-label={`Change ${name}'s sign-in access`}>
        Change
      </Button>
      {changing && <ChangeAccessModal user={user} name={name} onClose={() => setChanging(false)} />}
    </Group>
  );
}

function ChangeAccessModal({ user, name, onClose }: { user: UserBasic; name: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateUserAccessMutationOptions(queryClient, user.id));
  const [access, setAccess] = useState<PersonAccessValue>(user.access);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const errors = isApiError(update.error, 422) ? (update.error.fieldErrors ?? {}) : {};
  const problem =
    update.error && !isApiError(update.error, 422) ? (refusalMessage(update.error) ?? 'The access could not be changed.') : null;

  const save = () =>
    update.mutate(
      { access, reason },
      {
        onSuccess: () => {
          showSuccessToast({ message: `${name}'s sign-in access is now: ${ACCESS_LABELS[access]}.` });
          onClose();
        },
        onSettled: () => setConfirming(false),
      },
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (access === 'disabled' && user.access !== 'disabled') setConfirming(true);
    else save();
  };

  return (
    <>
      <Modal opened={!confirming} onClose={onClose} title="Change sign-in access">
        <form onSubmit={submit} noValidate aria-label="Change sign-in access">
          <Stack gap="md">
            <Radio.Group
              label={`${name}'s sign-in access`}
              value={access}
              onChange={(value) => setAccess(value as PersonAccessValue)}
              error={errors.access?.[0]}
            >
              <Stack gap="xs" mt="xs">
                {PERSON_ACCESS.map((value) => (
                  <Radio key={value} value={value} label={ACCESS_LABELS[value]} description={ACCESS_HINTS[value]} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label="Reason"
              description="Kept in the audit log."
              required
              rows={3}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason?.[0]}
            />
            <FormFooter submitting={update.isPending} onCancel={onClose} label="Save access" problem={problem} />
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title="Disable access"
        message={`Disable ${name}'s access? They cannot sign in until their access is made active again; nothing of theirs is deleted.`}
        confirmLabel="Disable access"
        busy={update.isPending}
        onConfirm={save}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
