// Leave & Absence Settings (issue 7). Owned by one client part; replaced in full by it.
import { Title } from '@mantine/core';

export function LeaveSettingsPage() {
  return <Title order={1}>Leave & Absence Settings</Title>;
}
