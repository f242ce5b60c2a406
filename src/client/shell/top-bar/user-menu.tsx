// The user menu: first name, avatar (a placeholder picture when there is none)
// and a dot — yellow and pulsing, titled "Impersonation Mode", while impersonating, otherwise
// green — with My profile (once it lands) and Logout. Logout with changes still in the outbox
// asks first: logging out erases them. Its first line says whether the device is ready to work
// offline (src/client/pwa/offline-readiness.ts), and what is not.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Avatar, Box, Button, Group, Menu, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useLogout } from '../../auth/use-logout';
import { changesCount } from '../../offline/outbox-copy';
import { useOutboxCount } from '../../offline/outbox-items';
import { GETTING_READY_OFFLINE, readinessLine } from '../../pwa/offline-readiness-copy';
import { useOfflineReadiness } from '../../pwa/offline-readiness';
import { profileVisible, PROFILE_ENTRY } from '../menu/account-registry';
import { useAvatarSrc } from './use-avatar-src';

export const IMPERSONATION_MODE = 'Impersonation Mode';

type Props = { firstName: string; userId?: string; impersonating: boolean; companyUser: boolean; restricted: boolean };

export function UserMenu({ firstName, userId, impersonating, companyUser, restricted }: Props) {
  const logout = useLogout();
  const unsent = useOutboxCount();
  const [confirming, setConfirming] = useState(false);
  const requestLogout = () => (unsent > 0 ? setConfirming(true) : logout.mutate());
  // Profile pictures belong to company users (User.profile_image); administrators get the placeholder.
  const avatar = useAvatarSrc(companyUser ? userId : undefined);
  const readiness = useOfflineReadiness();
  return (
    <>
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
              {/* Phones have no room for it beside the bar's other buttons (the offline marker, the outbox). */}
              <Box visibleFrom="xs" display="flex">
                <IconChevronDown size={16} aria-hidden="true" />
              </Box>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {readiness.status !== 'idle' && (
            <Menu.Label data-testid="offline-readiness">
              {readiness.status === 'preparing' ? GETTING_READY_OFFLINE : readinessLine(readiness.notReady)}
            </Menu.Label>
          )}
          {profileVisible({ companyUser, restricted }) && (
            <Menu.Item component={Link} to={PROFILE_ENTRY.path} leftSection={<IconUser size={16} aria-hidden="true" />}>
              {PROFILE_ENTRY.label}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={requestLogout} disabled={logout.isPending}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* Mounted only while asked: a closed dialog's set-up ran with every page's first drawing. */}
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} title="Log out?">
          <Stack gap="md">
            <Text>You have {changesCount(unsent)} waiting to sync. If you log out now they will be lost.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Stay signed in
              </Button>
              <Button color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
                Log out anyway
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
