// Leave & Absences (issue 7). Owned by one client part; replaced in full by it.
import { Title } from '@mantine/core';

export function AbsenceListPage() {
  return <Title order={1}>Leave & Absences</Title>;
}
