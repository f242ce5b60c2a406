// Request leave (issue 7). Owned by one client part; replaced in full by it.
import { Title } from '@mantine/core';

export function RequestPage() {
  return <Title order={1}>Request leave</Title>;
}
