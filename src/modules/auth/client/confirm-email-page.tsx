// /confirm-email?token=: the link of an invitation e-mail (with type=email-change,
// the link to a new sign-in address instead: confirm-email-change.tsx; with type=sign-up, the
// link of a company sign-up, which makes the company and its owner). The token is sent once;
// the answer is a session that may only finish onboarding, stored the way a sign-in stores
// one, and the user goes on to /welcome. A bad link says why and points to login (or, for a
// sign-up, to signing up again).
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { EMAIL_CHANGE_LINK_TYPE } from '../auth.contract';
import { SIGN_UP_LINK_TYPE } from '../../companies/sign-up-values';
import { confirmEmail, confirmSignUp } from './auth.api';
import { ConfirmEmailChange } from './confirm-email-change';
import { SignInInstead } from '../../../client/ui/sign-in-instead';
import { AuthCard } from './auth-card';
import { OutcomePanel } from './form-notices';
import { saveSession } from '../../../client/auth/session-store';
import { useLinkToken } from './use-link-token';

export const NO_INVITATION_TOKEN =
  'This link is incomplete. Please open the link from your invitation e-mail again, or ask your employer for a new invitation.';
export const NO_SIGN_UP_TOKEN = 'This link is incomplete. Please open the link from your sign-up e-mail again, or sign up again.';

export function ConfirmEmailPage() {
  const { searchStr } = useLocation();
  const params = new URLSearchParams(searchStr);
  if (params.get('type') === EMAIL_CHANGE_LINK_TYPE) return <ConfirmEmailChange token={params.get('token')} />;
  return <ConfirmInvitation token={params.get('token')} signUp={params.get('type') === SIGN_UP_LINK_TYPE} />;
}

function ConfirmInvitation({ token, signUp }: { token: string | null; signUp: boolean }) {
  const navigate = useNavigate();
  const { problem } = useLinkToken({
    token,
    send: signUp ? confirmSignUp : confirmEmail,
    missing: signUp ? NO_SIGN_UP_TOKEN : NO_INVITATION_TOKEN,
    onSuccess: async (session) => {
      saveSession(session, session.email);
      await navigate({ to: '/welcome', replace: true });
    },
  });
  return (
    <AuthCard title="Confirm your e-mail address">
      {problem && signUp ? (
        <>
          <OutcomePanel tone="problem" message={problem} to="/sign-up" action="Sign up again" />
          <SignInInstead />
        </>
      ) : problem ? (
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
          <Text>{signUp ? 'Setting up your company…' : 'Checking your invitation…'}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
