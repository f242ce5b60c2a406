// A person who lost their phone: an owner or HR admin (never for themselves) resets their
// two-factor from the profile, after confirming. The server removes the authenticator app,
// recovery codes and passkeys, audits it and e-mails the person; they sign in with an e-mailed
// code until they set one up again. The server refuses anyone else whatever this shows.
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../../../client/api/api-client';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { can } from '../../../../client/ui/permission-guard';
import { twoFactorPaths } from '../../../auth/two-factor.contract';
import { refusalMessage } from '../directory.api';

export const mayResetTwoFactor = (self: boolean) => !self && can({ endpoint: twoFactorPaths.reset, method: 'POST', scope: 'company' });

export function ResetTwoFactor({ userId, name, self }: { userId: string; name: string; self: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => apiFetch<void>(twoFactorPaths.reset, { method: 'POST', body: { user_id: userId } }),
    meta: { errorToast: false },
    onSuccess: () => {
      showSuccessToast({ message: `${name}'s two-factor is reset. They have been e-mailed.` });
      setConfirming(false);
    },
  });
  if (!mayResetTwoFactor(self)) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setConfirming(true)}
        aria-label={`Reset two-factor for ${name}`}
      >
        Reset two-factor
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Reset two-factor"
        message={`Reset ${name}'s two-factor? Their authenticator app, recovery codes and passkeys stop working, and they are e-mailed. Until they set up another, they sign in with a code sent by e-mail.`}
        confirmLabel="Reset two-factor"
        busy={reset.isPending}
        problem={reset.error ? (refusalMessage(reset.error) ?? 'The two-factor could not be reset.') : null}
        onConfirm={() => reset.mutate()}
        onClose={() => {
          setConfirming(false);
          reset.reset();
        }}
      />
    </>
  );
}
