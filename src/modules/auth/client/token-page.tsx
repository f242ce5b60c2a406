// /token?token=: where an administrator's "Sign in as" lands. Any session this
// browser holds is ended first, then the one-time token becomes an impersonated session
// (imp: true) and the page goes to the user's home. The page is reloaded there so nothing
// of the administrator's session (its query cache, its screens) survives the switch.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { getToken } from '../../../client/auth/token-store';
import { accessRequestMessages } from '../access-requests.contract';
import { exchangeImpersonationToken } from './access-requests.api';
import { logout } from '../../../client/auth/use-logout';
import { AuthCard } from './auth-card';
import { clearSession, saveSession } from '../../../client/auth/session-store';

export function TokenPage({ onSignedIn = (path: string) => window.location.replace(path) }: { onSignedIn?: (path: string) => void }) {
  const { searchStr } = useLocation();
  const token = new URLSearchParams(searchStr).get('token');
  const [problem, setProblem] = useState<string | null>(token ? null : accessRequestMessages.tokenInvalid);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      if (getToken()) await logout().catch(() => undefined);
      clearSession();
      try {
        const session = await exchangeImpersonationToken(token);
        saveSession(session, session.email);
        onSignedIn('/');
      } catch (error) {
        setProblem(error instanceof Error && error.message ? error.message : accessRequestMessages.tokenInvalid);
      }
    })();
  }, [token, onSignedIn]);

  return (
    <AuthCard title="Signing in as a user">
      {problem ? (
        <Stack gap="md">
          <Alert color="red" title="This sign-in did not work">
            {problem}
          </Alert>
          <Button component={Link} to="/login">
            Go to login
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm" align="center" role="status">
          <Loader />
          <Text>Opening the account…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
