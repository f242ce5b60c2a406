// My leave balances (issue 7). Owned by one client part; replaced in full by it.
import { Title } from '@mantine/core';

export function BalancesPage() {
  return <Title order={1}>My leave balances</Title>;
}
