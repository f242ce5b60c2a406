// /welcome (SPEC §2.3): where a signed-in user whose onboarding is not finished (status
// pending or invited) is sent. Accepting the terms and setting up the account come with the
// onboarding flow; until then the page says plainly what is missing and who can fix it.
import { Anchor, Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';
import { ONBOARDING_STATUSES } from './session-guards';
import { currentClaims, homePathFor } from './session-store';
import { useLogout } from './use-logout';

export function WelcomePage() {
  const claims = currentClaims();
  const logout = useLogout();
  if (!claims) {
    return (
      <AuthCard title="Welcome to Stafflane">
        <Text>Your employer sets up your account and sends you an invitation by e-mail. Once it has arrived, log in here.</Text>
        <Button component={Link} to="/login">
          Go to login
        </Button>
      </AuthCard>
    );
  }
  const onboarding = claims.status !== undefined && ONBOARDING_STATUSES.includes(claims.status);
  return (
    <AuthCard title={claims.first_name ? `Welcome, ${claims.first_name}` : 'Welcome to Stafflane'}>
      {onboarding ? (
        <>
          <Text>Your onboarding is not complete yet, so your account cannot be used.</Text>
          <Text>Please contact an administrator at your company: they can finish setting up your account.</Text>
        </>
      ) : (
        <Anchor component={Link} to={homePathFor(claims)}>
          Your account is ready: go to Stafflane
        </Anchor>
      )}
      <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
        Logout
      </Button>
    </AuthCard>
  );
}
