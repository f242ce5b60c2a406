// Any address no route matches: signed out, a page of its own; signed in, the same words
// inside the signed-in frame (src/routes/_signed-in/$.tsx).
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Logo } from './logo';
import { usePageTitle } from './page-title';

export const PAGE_NOT_FOUND = 'Page not found';

function NotFoundWords() {
  return (
    <>
      <Title order={1}>{PAGE_NOT_FOUND}</Title>
      <Text c="dimmed">
        The page you were looking for does not exist or has moved. Check the address, or start again from the home page.
      </Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </>
  );
}

export function NotFoundPage() {
  usePageTitle(PAGE_NOT_FOUND);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw="28rem" ta="center">
        <Logo />
        <NotFoundWords />
      </Stack>
    </Center>
  );
}

export function NotFoundContent() {
  usePageTitle(PAGE_NOT_FOUND);
  return (
    <Center py="xl">
      <Stack align="center" gap="md" maw="28rem" ta="center">
        <NotFoundWords />
      </Stack>
    </Center>
  );
}
