// /login (SPEC §2.2): the centred dark-blue card with the sign-in form. Arriving with
// ?logout shows the signed-out toast once and drops the parameter, so a reload does not
// repeat it.
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { LoginInput, LoginResponse } from '../../modules/auth/auth.contract';
import { Logo } from '../shell/logo';
import { usePageTitle } from '../shell/page-title';
import { showSuccessToast } from '../shell/toasts';
import { LoginForm } from './login-form';
import classes from './login-page.module.css';
import { saveSession } from './session-store';

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const { logout } = useSearch({ from: '/login' });

  useEffect(() => {
    if (!logout) return;
    showSuccessToast({ id: 'logged-out', title: 'You have been logged out!', message: 'See you soon!' });
    void navigate({ to: '/login', search: {}, replace: true });
  }, [logout, navigate]);

  async function signedIn(response: LoginResponse, input: LoginInput) {
    saveSession(response, input.email);
    showSuccessToast({ title: 'Success!', message: 'You have been logged in!' });
    await navigate({ to: '/' });
  }

  return (
    <main className={classes.page}>
      <Logo size={36} />
      <section className={classes.card} aria-labelledby="login-heading">
        <Stack gap="xl">
          <Stack gap={6}>
            <Title order={1} id="login-heading" fz="h2" className={classes.heading}>
              Login to your Account
            </Title>
            <Text size="sm" className={classes.intro}>
              Sign in with the e-mail address your employer registered for you.
            </Text>
          </Stack>
          <LoginForm onSignedIn={signedIn} />
        </Stack>
      </section>
    </main>
  );
}
