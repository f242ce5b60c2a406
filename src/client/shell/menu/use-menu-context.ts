// The menu context of the signed-in user: the session read from storage, and only the data
// the registered menu and settings entries need (company settings, overtime settings, pending
// counts), loaded through their modules' queries.
import { useQuery } from '@tanstack/react-query';
import { pendingCountQueryOptions } from '../../api/pending-count.api';
import { userSettingsQueryOptions } from '../../api/settings.api';
import { companySettingsQueryOptions } from '../../api/reference-lists';
import { readSessionFlags } from '../../auth/session-store';
import { readStoredPermissions } from '../session-permissions';
import type { MenuContext } from './menu-context';
import { menuNeeds, useMenuEntries } from './menu-registry';
import { settingsNeeds, useSettingsEntries } from './settings-registry';

export function useMenuContext(claims: { user_id?: string; company_id?: string | null } | null): MenuContext {
  const flags = readSessionFlags();
  const session: MenuContext = {
    permissions: readStoredPermissions(),
    restricted: flags.docsOnly,
    hrClient: flags.hrClient,
    hsClient: flags.hsClient,
    companySettings: null,
    overtimeSettings: null,
    pending: null,
  };
  const companyId = claims?.company_id ?? '';
  const userId = claims?.user_id ?? '';
  const needs = new Set([...menuNeeds(useMenuEntries()), ...settingsNeeds(useSettingsEntries())]);
  const companySettings = useQuery({
    ...companySettingsQueryOptions(companyId),
    enabled: needs.has('companySettings') && companyId !== '',
  });
  const userSettings = useQuery({ ...userSettingsQueryOptions(userId), enabled: needs.has('overtimeSettings') && userId !== '' });
  const pending = useQuery({ ...pendingCountQueryOptions(), enabled: needs.has('pending') && companyId !== '' });
  return {
    ...session,
    companySettings: companySettings.data ?? null,
    overtimeSettings: userSettings.data ?? null,
    pending: pending.data ?? null,
  };
}
