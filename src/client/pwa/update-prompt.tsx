// "A new version of Stafflane is available." with a Reload button, shown as a toast that
// stays until it is used or closed.
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../shell/toasts';

export const UPDATE_PROMPT_ID = 'app-update';

function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const [reloading, setReloading] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">A new version of Stafflane is available.</Text>
      <Button
        size="xs"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        Reload
      </Button>
    </Group>
  );
}

export function showUpdatePrompt(onReload: () => void): void {
  showToast({ id: UPDATE_PROMPT_ID, autoClose: false, withCloseButton: true, message: <UpdatePrompt onReload={onReload} /> });
}
