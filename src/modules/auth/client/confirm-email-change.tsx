// /confirm-email?type=email-change&token=: the link e-mailed to a new sign-in address. The
// token is sent once; the answer says the address now in use, and the person signs in with
// it: the server has ended every session they had, and a page still open in one of them is
// signed out by its next call. A bad, used or expired link says so.
import { Loader, Stack, Text } from '@mantine/core';
import { confirmEmailChange } from './auth.api';
import { AuthCard } from './auth-card';
import { OutcomePanel } from './form-notices';
import { useLinkToken } from './use-link-token';

export const NO_EMAIL_CHANGE_TOKEN = 'This link is incomplete. Please open the link from the e-mail again.';
export const emailChangedMessage = (email: string) => `Your e-mail address is now ${email}. Sign in with it from now on.`;

export function ConfirmEmailChange({ token }: { token: string | null }) {
  const { mutation, problem } = useLinkToken({ token, send: confirmEmailChange, missing: NO_EMAIL_CHANGE_TOKEN });
  return (
    <AuthCard title="Confirm your new e-mail address">
      {problem ? (
        <OutcomePanel tone="problem" message={problem} to="/login" action="Go to login" />
      ) : mutation.isSuccess ? (
        <OutcomePanel tone="success" message={emailChangedMessage(mutation.data.email)} to="/login" action="Sign in" />
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Confirming your new e-mail address…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
