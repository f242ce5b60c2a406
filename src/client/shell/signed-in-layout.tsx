// The frame around every signed-in page: a header with the logo (a link home) and Logout,
// the page, and the version line. The side menu, bell and user menu join it with their modules.
import { Box, Button, Container, Group } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { useLogout } from '../../modules/auth/client/use-logout';
import { Logo } from './logo';
import { VersionFooter } from './version-footer';

export function SignedInLayout() {
  const logout = useLogout();
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }} bg="#f4f6fb">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Link to="/" aria-label="Stafflane home" style={{ textDecoration: 'none' }}>
              <Logo size={28} />
            </Link>
            <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
              Logout
            </Button>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <VersionFooter />
    </Box>
  );
}
