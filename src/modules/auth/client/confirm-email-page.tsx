// /confirm-email?token=: the link of an invitation e-mail (with type=email-change,
// the link to a new sign-in address instead: confirm-email-change.tsx). The token is sent once;
// the answer is a session that may only finish onboarding, stored the way a sign-in stores
// one, and the user goes on to /welcome. A bad link says why and points to login.
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { EMAIL_CHANGE_LINK_TYPE } from '../auth.contract';
import { confirmEmail } from './auth.api';
import { ConfirmEmailChange } from './confirm-email-change';
import { AuthCard } from './auth-card';
import { OutcomePanel } from './form-notices';
import { saveSession } from './session-store';
import { useLinkToken } from './use-link-token';

export const NO_INVITATION_TOKEN =
  'This link is incomplete. Please open the link from your invitation e-mail again, or ask your employer for a new invitation.';

export function ConfirmEmailPage() {
  const { searchStr } = useLocation();
  const params = new URLSearchParams(searchStr);
  if (params.get('type') === EMAIL_CHANGE_LINK_TYPE) return <ConfirmEmailChange token={params.get('token')} />;
  return <ConfirmInvitation token={params.get('token')} />;
}

function ConfirmInvitation({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const { problem } = useLinkToken({
    token,
    send: confirmEmail,
    missing: NO_INVITATION_TOKEN,
    onSuccess: async (session) => {
      saveSession(session, session.email);
      await navigate({ to: '/welcome', replace: true });
    },
  });
  return (
    <AuthCard title="Confirm your e-mail address">
      {problem ? (
        <>
          <OutcomePanel tone="problem" message={problem} to="/login" action="Go to login" />
          <Text size="sm">
            Already set up your account?{' '}
            <Anchor component={Link} to="/reset-password">
              Reset your password
            </Anchor>{' '}
            if you have forgotten it.
          </Text>
        </>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Checking your invitation…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
