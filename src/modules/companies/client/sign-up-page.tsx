// /sign-up: a company's owner signs it up (SIGN_UP=open). Sent, the page says to open the link
// in the e-mail; closed, it says so and whom to write to. The frame is the signed-out screens'
// (the identity module's AuthCard), handed over by the route.
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { useState, type ComponentType, type ReactNode } from 'react';
import type { SignUpAccepted } from '../sign-up.contract';
import { signUpStatusQueryOptions } from './sign-up.api';
import { SignUpForm } from './sign-up-form';
import { SignInInstead } from '../../../client/ui/sign-in-instead';

export type SignUpFrame = ComponentType<{ title: string; children: ReactNode }>;

const backToLogin = <SignInInstead />;

export function SignUpPage({ Frame }: { Frame: SignUpFrame }) {
  const status = useQuery(signUpStatusQueryOptions());
  const [sent, setSent] = useState<(SignUpAccepted & { company: string }) | null>(null);

  if (sent) {
    return (
      <Frame title="Check your e-mail">
        <Alert color="green" role="status">
          We have sent a link to <strong>{sent.email}</strong>. Open it within 24 hours to confirm your address and set up {sent.company}.
        </Alert>
        <Text size="sm">
          No e-mail after a few minutes? Check your spam folder, or{' '}
          <Anchor component="button" type="button" underline="always" onClick={() => setSent(null)}>
            sign up again
          </Anchor>
          .
        </Text>
        {backToLogin}
      </Frame>
    );
  }
  if (status.isPending) {
    return (
      <Frame title="Sign up your company">
        <Stack align="center" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading...</Text>
        </Stack>
      </Frame>
    );
  }
  if (status.isError) {
    return (
      <Frame title="Sign up your company">
        <Alert color="red" role="alert">
          Sign-up could not be loaded. Please check your connection and try again.
        </Alert>
        {backToLogin}
      </Frame>
    );
  }
  if (!status.data.open) {
    const contact = status.data.contact_email;
    return (
      <Frame title="Sign-up is closed">
        <Text>This Stafflane server does not take new companies by sign-up.</Text>
        {contact ? (
          <Text>
            To have your company set up, write to{' '}
            <Anchor href={`mailto:${contact}`} underline="always">
              {contact}
            </Anchor>
            .
          </Text>
        ) : (
          <Text>Please try again later.</Text>
        )}
        {backToLogin}
      </Frame>
    );
  }
  return (
    <Frame title="Sign up your company">
      <Text>Set up Stafflane for your company: leave, people, documents and health and safety in one place.</Text>
      <SignUpForm onSent={setSent} />
      {backToLogin}
    </Frame>
  );
}
