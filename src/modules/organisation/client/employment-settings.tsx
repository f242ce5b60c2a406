// /settings/employment-settings: tabs for contract types, termination reasons and
// working-pattern templates, each shown to those with access to its resource.
import { Stack, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { usePageTitle } from '../../../client/shell/page-title';
import { can, PermissionGuard } from '../../../client/ui/permission-guard';
import { RouteTabs } from '../../../client/ui/route-tabs';
import type { TabDefinition } from '../../../client/ui/tabs';
import { contractTypeList, terminationReasonList, workingPatternList } from './list-definitions';
import { OrganisationList, type ListDefinition } from './list-page';

export const EMPLOYMENT_SETTINGS_PATH = '/settings/employment-settings';
const TABS = [
  { key: 'contract-types', label: 'Contract types', resource: 'contract-type' },
  { key: 'termination-reasons', label: 'Termination reasons', resource: 'termination-reason' },
  { key: 'working-patterns', label: 'Working patterns', resource: 'working-pattern-templates' },
] as const;

const readable = (resource: string) => can({ endpoint: `/api/${resource}`, method: 'GET' });

export function employmentSettingsTabs(): TabDefinition[] {
  return TABS.map(({ key, label, resource }) => ({ key, label, hidden: !readable(resource) }));
}

export function EmploymentSettingsLayout() {
  usePageTitle('Employment settings');
  const requires = TABS.some(({ resource }) => readable(resource)) ? [] : [{ endpoint: '/api/contract-type', method: 'GET' as const }];
  return (
    <PermissionGuard requires={requires}>
      <Stack gap="lg">
        <Title order={1}>Employment settings</Title>
        <RouteTabs tabs={employmentSettingsTabs()} addressing={{ basePath: EMPLOYMENT_SETTINGS_PATH }} label="Employment settings">
          <Outlet />
        </RouteTabs>
      </Stack>
    </PermissionGuard>
  );
}

function tabPage<T extends { id: string }>(definition: ListDefinition<T>, resource: string) {
  return function EmploymentSettingsTab() {
    return (
      <PermissionGuard requires={{ endpoint: `/api/${resource}`, method: 'GET' }}>
        <OrganisationList definition={definition} />
      </PermissionGuard>
    );
  };
}

export const ContractTypesTab = tabPage(contractTypeList, 'contract-type');
export const TerminationReasonsTab = tabPage(terminationReasonList, 'termination-reason');
export const WorkingPatternsTab = tabPage(workingPatternList, 'working-pattern-templates');
