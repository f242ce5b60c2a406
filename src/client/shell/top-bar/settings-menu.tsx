// The settings menu: the settings pages this user may open (settings-registry.ts);
// hidden altogether when there are none.
import { ActionIcon, Menu } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';

export function SettingsMenu({ entries }: { entries: { path: string; label: string }[] }) {
  const navigate = useNavigate();
  if (entries.length === 0) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Settings">
          <IconSettings size={22} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => (
          <Menu.Item
            key={entry.path}
            component="a"
            href={entry.path}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              void navigate({ href: entry.path });
            }}
          >
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
