// / for a signed-in company user: the greeting with today's date, then the
// dashboard's widgets (dashboard/dashboard-widgets.ts), which modules add to as they land.
// The cards show together once their first reads have answered (a placeholder stands in until
// then), so no card growing as its read answers pushes another down the screen.
import '@mantine/core/styles/Skeleton.css';
import { Box, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { readSessionFlags } from '../auth/session-store';
import { DATE_FORMATS, formatLondon } from '../../shared/dates';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import { useDashboardWidgets } from './dashboard/dashboard-widgets';
import { useFirstReadsSettled } from './dashboard/use-first-reads-settled';
import { greetingFor } from './greeting';
import { usePageTitle } from './page-title';

/** The longest the cards wait for each other's reads before showing what they have. */
const CARDS_WAIT_AT_MOST_MS = 3000;

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' });

export function HomePage() {
  usePageTitle('Dashboard');
  const claims = readTokenClaims(getToken());
  const now = new Date();
  const restricted = readSessionFlags().docsOnly;
  const widgets = useDashboardWidgets(restricted);
  const settled = useFirstReadsSettled(CARDS_WAIT_AT_MOST_MS);
  // The same elements before and after the reads settle: showing the cards draws none of them again.
  const cards = useMemo(
    () => widgets.map(({ key, component: Widget }) => <Widget key={key} restricted={restricted} />),
    [widgets, restricted],
  );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{greetingFor(now, claims?.first_name)}</Title>
        <Text c="dimmed">
          {weekday.format(now)} {formatLondon(now, DATE_FORMATS.longDate)}
        </Text>
      </Stack>
      {!settled && (
        // As tall as a phone's screen: the version line below starts out of sight, so the cards
        // arriving move nothing in view (it moved 0.055 of the screen when the placeholder was short).
        <Stack gap="lg" mih="100vh" aria-hidden="true" data-testid="dashboard-placeholder">
          <Skeleton h={160} radius="lg" />
          <Skeleton h={160} radius="lg" />
        </Stack>
      )}
      {/* Rendered while hidden, so every card's reads start at once. */}
      <Box display={settled ? 'contents' : 'none'}>{cards}</Box>
    </Stack>
  );
}
