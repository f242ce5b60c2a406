// Tabs whose addresses are router locations (the rules are in ./tabs.ts). Each tab
// is a link, so it opens in a new browser tab too; the page under the tabs is `children`
// (usually an <Outlet />). With nothing chosen, the first visible tab's address replaces
// the current one; a location no visible tab matches shows the error state instead.
import '@mantine/core/styles/Tabs.css';
import { Alert, Stack, Tabs } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { resolveTabs, tabTarget, type TabDefinition, type TabsAddressing, type TabTarget } from './tabs';

export const TAB_NOT_FOUND_TITLE = 'Tab not found';
export const TAB_NOT_FOUND_MESSAGE = 'This tab does not exist or is not available to you.';

/** Tabs in one row that scrolls sideways on a phone (every tab strip of the app). */
export const ONE_ROW = {
  list: { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' },
  tab: { flexShrink: 0, whiteSpace: 'nowrap' },
} as const;

type RouteTabsProps = { tabs: readonly TabDefinition[]; addressing: TabsAddressing; label: string; children?: ReactNode };

export function RouteTabs({ tabs, addressing, label, children }: RouteTabsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const search = location.search as Record<string, unknown>;
  const state = resolveTabs({ tabs, addressing, pathname: location.pathname, search });
  const fallbackTarget = state.status === 'open' && state.fallback ? tabTarget(state.active, addressing, location.pathname) : null;
  const moveTo =
    fallbackTarget &&
    (fallbackTarget.pathname.replace(/\/$/, '') !== location.pathname.replace(/\/$/, '') ||
      Object.keys(state.active?.search ?? {}).length > 0)
      ? fallbackTarget
      : null;

  // As text, so the effect runs once per target rather than once per render.
  const move = moveTo ? JSON.stringify(moveTo) : null;
  useEffect(() => {
    if (!move) return;
    const target = JSON.parse(move) as TabTarget;
    void navigate({ to: target.pathname, search: target.search, replace: true });
  }, [move, navigate]);

  const activeIndex = state.active ? state.visible.indexOf(state.active) : -1;
  return (
    <Stack gap="md">
      {state.visible.length > 0 && (
        // One row that scrolls sideways on a phone, never four rows of wrapped tabs.
        <Tabs value={activeIndex >= 0 ? String(activeIndex) : null} keepMounted={false} styles={ONE_ROW}>
          <Tabs.List aria-label={label}>
            {state.visible.map((tab, index) => {
              const target = tabTarget(tab, addressing, location.pathname);
              return (
                <Tabs.Tab
                  key={`${tab.key}:${JSON.stringify(tab.search ?? {})}`}
                  value={String(index)}
                  renderRoot={(props) => <Link {...props} to={target.pathname} search={target.search} />}
                >
                  {tab.label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>
      )}
      {state.status === 'error' ? (
        <Alert color="red" title={TAB_NOT_FOUND_TITLE} role="alert">
          {TAB_NOT_FOUND_MESSAGE}
        </Alert>
      ) : (
        children
      )}
    </Stack>
  );
}
