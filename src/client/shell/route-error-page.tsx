// What a route shows when it fails to load or render. A screen whose code could not be fetched
// (offline, or after a deploy) is tried again in place once the device is online, and the page
// reloaded only if that fails too (src/client/pwa/screen-code-retry.ts).
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRetryScreenCode } from '../pwa/screen-code-retry';
import { Logo } from './logo';
import { usePageTitle } from './page-title';
import { reloadPage } from './reload-page';

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  useRetryScreenCode(error, reset);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw="28rem" ta="center">
        <Logo />
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">
          {offline
            ? 'This page is not available offline yet. Reconnect to the internet and try again.'
            : 'This page could not be shown. Reloading usually fixes it; if it does not, please try again later.'}
        </Text>
        <Button onClick={reloadPage}>Reload</Button>
      </Stack>
    </Center>
  );
}
