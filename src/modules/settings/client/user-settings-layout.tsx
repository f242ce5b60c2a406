// /settings/user-settings: the user settings tabs over the open tab's page. The
// access requests tab is for users who may answer them (PUT /api/access-requests at company
// scope); its page is the identity module's.
import { Stack, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { RouteTabs } from '../../../client/ui/route-tabs';
import { can } from '../../../client/ui/permission-guard';
import type { TabDefinition } from '../../../client/ui/tabs';

export const USER_SETTINGS_PATH = '/settings/user-settings';
export const ANSWER_ACCESS_REQUESTS = { endpoint: '/api/access-requests', method: 'PUT', scope: 'company' } as const;

export function userSettingsTabs(): TabDefinition[] {
  return [
    { key: '', label: 'My settings' },
    { key: 'access-requests', label: 'Access requests', hidden: !can(ANSWER_ACCESS_REQUESTS) },
  ];
}

export function UserSettingsLayout() {
  return (
    <Stack gap="lg">
      <Title order={1}>User settings</Title>
      <RouteTabs tabs={userSettingsTabs()} addressing={{ basePath: USER_SETTINGS_PATH }} label="User settings">
        <Outlet />
      </RouteTabs>
    </Stack>
  );
}
