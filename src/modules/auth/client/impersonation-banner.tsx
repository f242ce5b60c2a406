// The banner across every company page of an impersonated session: whose account this is, who
// is acting in it and until when, with "End" (which signs the impersonated session out). The
// top bar's yellow dot alone was easy to miss.
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { impersonationQueryOptions } from './access-requests.api';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { getToken } from '../../../client/auth/token-store';
import { useLogout } from '../../../client/auth/use-logout';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';

export function ImpersonationBanner({ firstName }: { firstName: string }) {
  const { data } = useQuery(impersonationQueryOptions());
  const logout = useLogout();
  const account = data?.user_name ?? firstName;
  return (
    <Paper
      role="region"
      aria-label="Impersonation"
      className="impersonation-banner"
      radius="md"
      p="sm"
      mb="md"
      bg="yellow.2"
      c="dark.9"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 60px) + 4px)', zIndex: 150 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <IconUserShield size={22} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="sm" style={{ minWidth: 0 }}>
            This is <strong>{account}</strong>’s account. <strong>{data?.administrator_name ?? 'An administrator'}</strong> is acting in it
            {data ? ` until ${formatLondon(new Date(data.ends_at), DATE_FORMATS.dateTime)}` : ''}.
          </Text>
        </Group>
        <Button size="xs" color="dark" style={{ flex: 'none' }} loading={logout.isPending} onClick={() => logout.mutate()}>
          End
        </Button>
      </Group>
    </Paper>
  );
}

/** The frame's banner (the auth module's registration): shown only in an impersonated session. */
export function ImpersonatedSessionBanner() {
  const claims = readTokenClaims(getToken());
  return claims?.imp === true ? <ImpersonationBanner firstName={claims.first_name ?? ''} /> : null;
}
