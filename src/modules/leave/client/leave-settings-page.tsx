// /settings/absence-and-leave-settings ("Leave & Absence Settings"): tabs chosen by
// ?tab= for leave types, policies, blocked dates, bank holidays and the general
// settings, each shown to those who may read its resource; without PUT a tab is read-only.
import { Stack, Title } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { can, PermissionGuard } from '../../../client/ui/permission-guard';
import { RouteTabs } from '../../../client/ui/route-tabs';
import { resolveTabs, type TabDefinition, type TabsAddressing } from '../../../client/ui/tabs';
import { BankHolidaysTab } from './settings/bank-holidays-tab';
import { BlockedDatesTab } from './settings/blocked-dates-tab';
import { GeneralTab } from './settings/general-tab';
import { LeaveTypesTab } from './settings/leave-types-tab';
import { PoliciesTab } from './settings/policies-tab';

export const LEAVE_SETTINGS_TITLE = 'Leave & Absence Settings';
const ADDRESSING: TabsAddressing = { queryParam: 'tab' };
const TABS: { key: string; label: string; endpoint: string; component: ComponentType }[] = [
  { key: 'leave-types', label: 'Leave types', endpoint: '/api/leave-type', component: LeaveTypesTab },
  { key: 'policies', label: 'Policies', endpoint: '/api/absence-policy-template', component: PoliciesTab },
  { key: 'blocked-dates', label: 'Blocked dates', endpoint: '/api/blocked-date-period', component: BlockedDatesTab },
  { key: 'bank-holidays', label: 'Bank holidays', endpoint: '/api/absence-policy-template', component: BankHolidaysTab },
  { key: 'general', label: 'General', endpoint: '/api/absence-policy-template', component: GeneralTab },
];

export function leaveSettingsTabs(): TabDefinition[] {
  return TABS.map(({ key, label, endpoint }) => ({ key, label, hidden: !can({ endpoint, method: 'GET' }) }));
}

export function LeaveSettingsPage() {
  usePageTitle(LEAVE_SETTINGS_TITLE);
  const location = useLocation();
  const tabs = leaveSettingsTabs();
  const state = resolveTabs({
    tabs,
    addressing: ADDRESSING,
    pathname: location.pathname,
    search: location.search as Record<string, unknown>,
  });
  const Active = TABS.find((tab) => tab.key === state.active?.key)?.component;
  // With no tab readable, the guard explains.
  const requires = tabs.some((tab) => !tab.hidden) ? [] : [{ endpoint: '/api/absence-policy-template', method: 'GET' as const }];
  return (
    <PermissionGuard requires={requires}>
      <Stack gap="lg">
        <Title order={1}>{LEAVE_SETTINGS_TITLE}</Title>
        <RouteTabs tabs={tabs} addressing={ADDRESSING} label={LEAVE_SETTINGS_TITLE}>
          {Active && <Active />}
        </RouteTabs>
      </Stack>
    </PermissionGuard>
  );
}
