// Absence (issue 7). Owned by one client part; replaced in full by it.
import { Title } from '@mantine/core';

export function AbsencePage({ id }: { id: string }) {
  void id;
  return <Title order={1}>Absence</Title>;
}
