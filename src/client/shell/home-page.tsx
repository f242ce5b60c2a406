// / for a signed-in company user: the greeting with today's date, then the
// dashboard's widgets (dashboard/dashboard-widgets.ts), which modules add to as they land.
import { Stack, Text, Title } from '@mantine/core';
import { readSessionFlags } from '../auth/session-store';
import { DATE_FORMATS, formatLondon } from '../../shared/dates';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import { useDashboardWidgets } from './dashboard/dashboard-widgets';
import { greetingFor } from './greeting';
import { usePageTitle } from './page-title';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' });

export function HomePage() {
  usePageTitle('Dashboard');
  const claims = readTokenClaims(getToken());
  const now = new Date();
  const restricted = readSessionFlags().docsOnly;
  const widgets = useDashboardWidgets(restricted);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{greetingFor(now, claims?.first_name)}</Title>
        <Text c="dimmed">
          {weekday.format(now)} {formatLondon(now, DATE_FORMATS.longDate)}
        </Text>
      </Stack>
      {widgets.map(({ key, component: Widget }) => (
        <Widget key={key} restricted={restricted} />
      ))}
    </Stack>
  );
}
