// /welcome: where a signed-in user whose onboarding is not finished (status
// pending or invited) is sent — usually straight from their invitation link — to set a
// password and accept the terms. An active user is pointed home; a visitor with no session
// learns how invitations work.
import { Anchor, Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';
import { ONBOARDING_STATUSES } from '../auth.contract';
import { currentClaims, homePathFor } from '../../../client/auth/session-store';
import { useLogout } from '../../../client/auth/use-logout';
import { WelcomeForm } from './welcome-form';

export function WelcomePage() {
  const claims = currentClaims();
  const logout = useLogout();
  if (!claims) {
    return (
      <AuthCard title="Welcome to Stafflane">
        <Text>
          Your employer sets up your account and sends you an invitation by e-mail. Open the link in it to choose your password; after that,
          log in here.
        </Text>
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
        <WelcomeForm />
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
