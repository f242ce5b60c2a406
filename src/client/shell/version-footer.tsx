// The bottom line: the build this page runs and the API version it talks to.
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { versionQueryOptions } from './version.api';

export function VersionFooter() {
  const { data } = useQuery(versionQueryOptions());
  return (
    // Inside the page's <main> (so it follows the side menu's offset), where a footer is no
    // landmark by itself: the role keeps it the page's contentinfo.
    <Text component="footer" role="contentinfo" size="xs" c="dimmed" ta="center" py="md">
      Stafflane {__APP_VERSION__} · API {data?.version ?? '…'}
    </Text>
  );
}
