// / for a signed-in company user: the greeting of SPEC §2.3. Dashboard widgets join it as
// their modules land.
import { Stack, Text, Title } from '@mantine/core';
import { format } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import { greetingFor } from './greeting';
import { usePageTitle } from './page-title';

export function HomePage() {
  usePageTitle('Dashboard');
  const claims = readTokenClaims(getToken());
  const now = new Date();
  return (
    <Stack gap="xs">
      <Title order={1}>{greetingFor(now, claims?.first_name)}</Title>
      <Text c="dimmed">{format(now, 'EEEE do MMMM y', { locale: enGB })}</Text>
    </Stack>
  );
}
