// The "Install the app" button at the foot of the side menu (a recorded Decision in
// place store badges).
import { Button, Popover, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { promptInstall, useInstallOption } from './install-prompt';

export const IOS_INSTALL_STEPS = 'To install Stafflane, tap Share, then Add to Home Screen.';

export function InstallAppButton() {
  const option = useInstallOption();
  if (option === 'none') return null;
  const button = (
    <Button
      variant="light"
      fullWidth
      leftSection={<IconDownload size={18} aria-hidden="true" />}
      onClick={option === 'prompt' ? () => void promptInstall() : undefined}
    >
      Install the app
    </Button>
  );
  if (option === 'prompt') return button;
  return (
    <Popover position="top" withArrow shadow="md" width={260}>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{IOS_INSTALL_STEPS}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
