// The user menu of SPEC §2.5: first name, avatar (a placeholder picture when there is none)
// and a dot — yellow and pulsing, titled "Impersonation Mode", while impersonating, otherwise
// green — with My profile (once it lands) and Logout.
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLogout } from '../../../modules/auth/client/use-logout';
import { profileVisible, PROFILE_ENTRY } from '../menu/account-registry';
import { useAvatarSrc } from './use-avatar-src';

export const IMPERSONATION_MODE = 'Impersonation Mode';

type Props = { firstName: string; userId?: string; impersonating: boolean; companyUser: boolean; restricted: boolean };

export function UserMenu({ firstName, userId, impersonating, companyUser, restricted }: Props) {
  const logout = useLogout();
  // Profile pictures belong to company users (SPEC §3 User.profile_image); administrators get the placeholder.
  const avatar = useAvatarSrc(companyUser ? userId : undefined);
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${firstName}`} className="user-menu-target">
          <Group gap={8} wrap="nowrap">
            <Box pos="relative">
              <Avatar src={avatar} alt="" radius="xl" size={34} color="brand" />
              <Box
                component="span"
                className="presence-dot"
                data-impersonating={impersonating || undefined}
                data-testid="presence-dot"
                title={impersonating ? IMPERSONATION_MODE : undefined}
                aria-label={impersonating ? IMPERSONATION_MODE : undefined}
                role={impersonating ? 'img' : undefined}
              />
            </Box>
            <Text size="sm" fw={600} visibleFrom="xs">
              {firstName}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {profileVisible({ companyUser, restricted }) && (
          <Menu.Item component={Link} to={PROFILE_ENTRY.path} leftSection={<IconUser size={16} aria-hidden="true" />}>
            {PROFILE_ENTRY.label}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => logout.mutate()} disabled={logout.isPending}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
