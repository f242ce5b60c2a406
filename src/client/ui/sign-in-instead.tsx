// "Already have an account? Sign in": the way to the sign-in page from the signed-out screens
// that are for someone new (signing a company up, confirming the sign-up's link).
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function SignInInstead() {
  return (
    <Text size="sm">
      Already have an account?{' '}
      <Anchor component={Link} to="/login" underline="always">
        Sign in
      </Anchor>
    </Text>
  );
}
