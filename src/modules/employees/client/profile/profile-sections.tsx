// The profile's tabs (addressed by ?tab=): those whose endpoint the viewer may read
// (./profile-tabs.ts), the open one's screen loaded when first opened.
import '@mantine/core/styles/Loader.css';
import { Center, Loader } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { Suspense } from 'react';
import { can } from '../../../../client/ui/permission-guard';
import { RouteTabs } from '../../../../client/ui/route-tabs';
import { resolveTabs, type TabDefinition, type TabsAddressing } from '../../../../client/ui/tabs';
import { PROFILE_TABS, type ProfileTabDefinition } from './profile-tabs';

const ADDRESSING: TabsAddressing = { queryParam: 'tab' };

export function visibleProfileTabs(tabs: readonly ProfileTabDefinition[] = PROFILE_TABS): TabDefinition[] {
  return tabs.map((tab) => ({
    key: tab.key,
    label: tab.label,
    hidden: !can({ endpoint: tab.endpoint, method: 'GET', scope: tab.scope }),
  }));
}

export function ProfileSections({ userId, self }: { userId: string; self: boolean }) {
  const location = useLocation();
  const tabs = visibleProfileTabs();
  const state = resolveTabs({
    tabs,
    addressing: ADDRESSING,
    pathname: location.pathname,
    search: location.search as Record<string, unknown>,
  });
  const Active = state.active ? PROFILE_TABS.find((tab) => tab.key === state.active?.key)?.component : undefined;
  return (
    <RouteTabs tabs={tabs} addressing={ADDRESSING} label="Profile sections">
      {Active && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Active key={`${userId}:${state.active?.key}`} userId={userId} self={self} />
        </Suspense>
      )}
    </RouteTabs>
  );
}
