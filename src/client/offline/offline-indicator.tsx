// "Offline" in the top bar while the browser has no network (the last-known data
// is shown marked offline). Pages keep working from the persisted cache, and writes wait in
// the outbox; the tooltip says so. On phones, where the top bar is full, the word without the icon.
import { Badge, Box, Tooltip } from '@mantine/core';
import { useOnline } from './network';
import { IconCloudOff } from '@tabler/icons-react';

export const OFFLINE_EXPLANATION =
  'No connection: you are seeing what was last loaded. Changes are kept and sent when you are back online.';

export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <Tooltip label={OFFLINE_EXPLANATION} multiline w={260} withArrow>
      <Box role="status" aria-label="Offline" tabIndex={0} style={{ display: 'flex', flexShrink: 0 }}>
        <Badge hiddenFrom="sm" color="gray" variant="light" size="md" px={8} aria-hidden>
          Offline
        </Badge>
        <Badge visibleFrom="sm" color="gray" variant="light" size="lg" leftSection={<IconCloudOff size={14} aria-hidden />}>
          Offline
        </Badge>
      </Box>
    </Tooltip>
  );
}
