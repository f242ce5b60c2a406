// /admin for administrators (Stafflane staff, no company): who is signed in, the modules' cards
// (ClientModule.adminCards: access requests waiting), and which version of the product runs.
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { readSessionEmail } from '../auth/session-store';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import { useClientModules } from './client-modules';
import { greetingFor } from './greeting';
import { usePageTitle } from './page-title';
import { versionQueryOptions } from './version.api';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

export function AdminHomePage() {
  usePageTitle('Administration');
  const claims = readTokenClaims(getToken());
  const { data: api } = useQuery(versionQueryOptions());
  const cards = useClientModules()
    .flatMap((module) => module.adminCards ?? [])
    .sort((a, b) => a.order - b.order);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Administration</Title>
        <Text c="dimmed">{greetingFor(new Date(), claims?.first_name)}</Text>
      </Stack>
      <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="admin-account">
        <Title order={2} fz="h4" id="admin-account" mb="md">
          Your account
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Name" value={claims?.first_name ?? '—'} />
          <Fact label="E-mail" value={readSessionEmail() ?? '—'} />
          <Fact label="Role" value="Stafflane administrator" />
        </SimpleGrid>
        <Anchor component={Link} to="/change-password" mt="md" display="inline-block">
          Change password
        </Anchor>
      </Paper>
      {cards.map(({ key, component: Card }) => (
        <Suspense key={key} fallback={null}>
          <Card />
        </Suspense>
      ))}
      <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="admin-version">
        <Title order={2} fz="h4" id="admin-version" mb="md">
          Product version
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="App" value={__APP_VERSION__} />
          <Fact label="API" value={api?.version ?? '…'} />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
