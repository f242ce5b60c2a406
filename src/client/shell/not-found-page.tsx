// Any address no route matches.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Logo } from './logo';
import { usePageTitle } from './page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw="28rem" ta="center">
        <Logo />
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          The page you were looking for does not exist or has moved. Check the address, or start again from the home page.
        </Text>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
