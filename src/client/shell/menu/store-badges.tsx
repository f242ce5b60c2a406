// The store badges at the foot of the side menu: links to the iOS and Android apps'
// store pages the operator configured (APP_STORE_URL, PLAY_STORE_URL, given by /api/version);
// with neither configured, "Install the app" in their place (the PWA's own install).
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { versionQueryOptions } from '../version.api';
import { InstallAppButton } from './install-app-button';

type Badge = { key: string; href: string; label: string; small: string; name: string; icon: ComponentType<{ size?: number }> };

function StoreBadge({ badge }: { badge: Badge }) {
  const Icon = badge.icon;
  return (
    <UnstyledButton
      component="a"
      href={badge.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={badge.label}
      className="store-badge"
      style={{ background: '#000', color: '#fff', borderRadius: 8, padding: '6px 10px', flex: '1 1 0', minWidth: 0 }}
    >
      <Group gap={6} wrap="nowrap">
        <Icon size={22} aria-hidden="true" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz={9} lh={1.1} c="inherit" truncate>
            {badge.small}
          </Text>
          <Text fz={13} fw={600} lh={1.2} c="inherit" truncate>
            {badge.name}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

export function StoreBadges() {
  const { data, isPending } = useQuery(versionQueryOptions());
  // Until the answer comes, nothing: the install button must not flash in before the badges.
  if (isPending) return null;
  const badges: Badge[] = [];
  if (data?.app_store_url)
    badges.push({
      key: 'ios',
      href: data.app_store_url,
      label: 'Download on the App Store',
      small: 'Download on the',
      name: 'App Store',
      icon: IconBrandApple,
    });
  if (data?.play_store_url)
    badges.push({
      key: 'android',
      href: data.play_store_url,
      label: 'Get it on Google Play',
      small: 'GET IT ON',
      name: 'Google Play',
      icon: IconBrandGooglePlay,
    });
  if (badges.length === 0) return <InstallAppButton />;
  return (
    <Group gap="xs" wrap="nowrap" aria-label="Mobile apps" role="group">
      {badges.map((badge) => (
        <StoreBadge key={badge.key} badge={badge} />
      ))}
    </Group>
  );
}
